import { describe, expect, it } from 'vitest';
import { readServiceRequestsView, writeServiceRequestsView } from './service-requests.ts';

describe('the list of service requests in the address', () => {
  it('reads the status and the page', () => {
    expect(readServiceRequestsView('?status=cancelled&page=3')).toEqual({ status: 'cancelled', page: 3 });
    expect(readServiceRequestsView('')).toEqual({ page: 1 });
  });

  it('drops what it cannot read instead of sending it to the API', () => {
    expect(readServiceRequestsView('?status=lost&page=-2')).toEqual({ page: 1 });
    expect(readServiceRequestsView('?status=&page=1.5')).toEqual({ page: 1 });
    expect(readServiceRequestsView('?page=99999999999999999999')).toEqual({ page: 1 });
    expect(readServiceRequestsView('?page=1000000')).toEqual({ page: 1 });
    expect(readServiceRequestsView('?page=999999')).toEqual({ page: 999_999 });
    expect(readServiceRequestsView(new URLSearchParams({ status: 'in_progress', page: 'x' }))).toEqual({ status: 'in_progress', page: 1 });
  });

  it('writes the shortest address for a view and reads it back', () => {
    expect(writeServiceRequestsView({ page: 1 })).toBe('');
    expect(writeServiceRequestsView({ status: 'submitted', page: 1 })).toBe('status=submitted');
    expect(writeServiceRequestsView({ page: 2 })).toBe('page=2');
    for (const view of [{ page: 1 }, { status: 'done' as const, page: 4 }]) expect(readServiceRequestsView(writeServiceRequestsView(view))).toEqual(view);
  });
});
