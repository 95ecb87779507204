import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { INVOICE_AMOUNT_MAX, INVOICE_MAX_ITEMS, IssueInvoiceSchema, VoidInvoiceSchema } from './invoices.ts';

const patient = { international_code: '0013542419', phone_number: '09121234567' };
const item = { title: 'تزریق عضلانی', quantity: 2, unit_price: 1_500_000 };
const fails = (schema: v.GenericSchema, input: unknown) => !v.safeParse(schema, input).success;

describe('IssueInvoiceSchema', () => {
  it('takes lines with optional insurance share and discount (0 by default)', () => {
    const result = v.safeParse(IssueInvoiceSchema, { patient, items: [item, { ...item, insurance_share: 1_000_000, discount: 500_000 }] });
    expect(result.success).toBe(true);
    if (result.success) expect(result.output.items[0]).toEqual({ ...item, insurance_share: 0, discount: 0 });
  });

  it.each<[string, unknown]>([
    ['no lines', { patient, items: [] }],
    ['too many lines', { patient, items: Array.from({ length: INVOICE_MAX_ITEMS + 1 }, () => item) }],
    ['a fractional price', { patient, items: [{ ...item, unit_price: 10.5 }] }],
    ['a negative discount', { patient, items: [{ ...item, discount: -1 }] }],
    ['a price as a string', { patient, items: [{ ...item, unit_price: '1500000' }] }],
    ['shares above the line', { patient, items: [{ ...item, insurance_share: 2_000_000, discount: 1_000_001 }] }],
    ['a line above the limit', { patient, items: [{ ...item, quantity: 1000, unit_price: INVOICE_AMOUNT_MAX }] }],
    [
      'a total above the limit',
      {
        patient,
        items: [
          { ...item, quantity: 1, unit_price: INVOICE_AMOUNT_MAX },
          { ...item, quantity: 1, unit_price: 1 },
        ],
      },
    ],
    ['a blank title', { patient, items: [{ ...item, title: '  ' }] }],
    ['a bad national code', { patient: { ...patient, international_code: '0013542418' }, items: [item] }],
    ['a landline as the phone', { patient: { ...patient, phone_number: '02188776655' }, items: [item] }],
    ['a due time without Z', { patient, items: [item], due_at: '2026-12-10T10:00:00' }],
    ['a malformed request key', { patient, items: [item], service_request_key: 'SR-1' }],
  ])('refuses %s', (_name, body) => {
    expect(fails(IssueInvoiceSchema, body)).toBe(true);
  });
});

describe('VoidInvoiceSchema', () => {
  it('takes a Persian reason on one line', () => {
    expect(fails(VoidInvoiceSchema, { reason: 'صدور اشتباه' })).toBe(false);
    expect(fails(VoidInvoiceSchema, { reason: 'wrong' })).toBe(true);
    expect(fails(VoidInvoiceSchema, { reason: 'صدور\nاشتباه' })).toBe(true);
  });
});
