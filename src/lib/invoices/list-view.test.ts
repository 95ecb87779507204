import { describe, expect, it } from 'vitest';
import { readInvoicesView, writeInvoicesView } from './list-view.ts';

describe('the /sr/invoice view in the address', () => {
  it.each([
    ['', { status: 'all', page: 1 }],
    ['?status=unpaid', { status: 'unpaid', page: 1 }],
    ['?status=paid&page=3', { status: 'paid', page: 3 }],
    ['?status=void', { status: 'all', page: 1 }],
    ['?status=PAID', { status: 'all', page: 1 }],
    ['?page=0', { status: 'all', page: 1 }],
    ['?page=-2', { status: 'all', page: 1 }],
    ['?page=2.5', { status: 'all', page: 1 }],
    ['?page=abc', { status: 'all', page: 1 }],
    ['?page=1e400', { status: 'all', page: 1 }],
  ])('%s reads as %j', (search, view) => {
    expect(readInvoicesView(search)).toEqual(view);
  });

  it('writes only what differs from the first page of all invoices, and reads back the same', () => {
    expect(writeInvoicesView({ status: 'all', page: 1 })).toBe('');
    expect(writeInvoicesView({ status: 'unpaid', page: 1 })).toBe('status=unpaid');
    expect(writeInvoicesView({ status: 'all', page: 4 })).toBe('page=4');
    for (const view of [
      { status: 'paid', page: 2 },
      { status: 'unpaid', page: 1 },
      { status: 'all', page: 7 },
    ] as const) {
      expect(readInvoicesView(writeInvoicesView(view))).toEqual(view);
    }
  });
});
