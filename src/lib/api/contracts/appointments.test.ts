import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HoldSchema, SlotsQuerySchema } from './appointments.ts';

describe('appointment contracts', () => {
  it('takes a real Tehran day only: no 30 February, no year 1', () => {
    expect(v.safeParse(SlotsQuerySchema, { doctor_id: 'dr-a', from: '2027-02-28' }).success).toBe(true);
    expect(v.safeParse(SlotsQuerySchema, { doctor_id: 'dr-a', from: '2026-02-30' }).success).toBe(false);
    expect(v.safeParse(SlotsQuerySchema, { doctor_id: 'dr-a', from: '0001-01-01' }).success).toBe(false);
  });

  it('takes 1 to 31 days, 14 by default', () => {
    expect(v.parse(SlotsQuerySchema, { doctor_id: 'dr-a' }).days).toBe(14);
    expect(v.safeParse(SlotsQuerySchema, { doctor_id: 'dr-a', days: '32' }).success).toBe(false);
    expect(v.safeParse(SlotsQuerySchema, { doctor_id: 'dr-a', days: '0' }).success).toBe(false);
  });

  it('holds an instant in UTC with Z, and a relative with a valid national code', () => {
    expect(v.safeParse(HoldSchema, { doctor_id: 'dr-a', start: '2026-12-02T05:30:00.000Z' }).success).toBe(true);
    expect(v.safeParse(HoldSchema, { doctor_id: 'dr-a', start: '2026-12-02T09:00:00+03:30' }).success).toBe(false);
    expect(v.safeParse(HoldSchema, { doctor_id: 'dr-a', start: '2026-12-02T05:30:00Z', for: { first_name: 'علی', last_name: 'رضایی', international_code: '0000000000' } }).success).toBe(
      false,
    );
  });
});
