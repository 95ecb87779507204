import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isPrescriptionCode, PrescriptionCodeSchema, prescriptionCodeMessages } from './prescription.ts';

const parse = (input: unknown) => v.safeParse(PrescriptionCodeSchema, input);

describe('PrescriptionCodeSchema', () => {
  it.each([
    ['12345', '12345'],
    ['۱۲۳۴۵۶', '123456'],
    [' 12-34 56 ', '123456'],
    ['ab12cd', 'AB12CD'],
    ['1234567890123456', '1234567890123456'],
  ])('takes %j as %j', (input, output) => {
    const result = parse(input);
    expect(result.success).toBe(true);
    if (result.success) expect(result.output).toBe(output);
  });

  it('is optional: missing or empty is ""', () => {
    expect(parse(undefined)).toMatchObject({ success: true, output: '' });
    expect(parse('  ')).toMatchObject({ success: true, output: '' });
  });

  it.each(['123', '12345678901234567', 'کد۱۲۳۴', '1234/5', '12\u00003456', 'x'.repeat(1000)])('refuses %j with the Persian message', (input) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues[0]!.message).toMatch(/کد رهگیری|نامعتبر/);
  });

  it('says what a code looks like', () => {
    const result = parse('12');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues[0]!.message).toBe(prescriptionCodeMessages.format);
    expect(isPrescriptionCode('۱۲۳۴۵')).toBe(true);
  });
});
