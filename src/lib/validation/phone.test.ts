import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as M } from './messages.ts';
import { HomePhoneSchema, isValidIranianMobile, isValidLandline, MobileSchema, normalizePhone, PhoneAndHomePhoneSchema, PhoneSchema } from './phone.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

/** [input, canonical form] */
const validMobiles: [string, string][] = [
  ['09121234567', '09121234567'],
  ['+989121234567', '09121234567'],
  ['00989121234567', '09121234567'],
  ['9121234567', '09121234567'],
  ['۰۹۱۲۱۲۳۴۵۶۷', '09121234567'],
  ['+۹۸۹۳۵۱۲۳۴۵۶۷', '09351234567'],
  ['٠٩٩٠١٢٣٤٥٦٧', '09901234567'],
  [' 0912 123 4567 ', '09121234567'],
  ['0912-123-4567', '09121234567'],
  ['+98 (912) 123-4567', '09121234567'],
  ['\u200E09121234567\u200E', '09121234567'],
];

const invalidMobiles = [
  '0912123456', // 10 digits
  '091212345678', // 12 digits
  '08121234567', // not 9 after the prefix
  '02188776655', // landline
  '+9809121234567', // +98 and 0 together
  '0989121234567', // bad prefix
  '+999121234567',
  '0912123456a',
  '۰۹۱۲۱۲۳۴۵۶',
];

describe('normalizePhone / isValidIranianMobile', () => {
  it.each(validMobiles)('%j → %j', (input, canonical) => {
    expect(normalizePhone(input)).toBe(canonical);
    expect(isValidIranianMobile(input)).toBe(true);
  });

  it.each([...invalidMobiles, ''])('%j → null', (input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidIranianMobile(input)).toBe(false);
  });
});

describe('PhoneSchema (empty allowed)', () => {
  it.each(validMobiles)('accepts %j → %j', (input, canonical) => {
    expect(run(PhoneSchema, input)).toEqual({ ok: true, output: canonical });
  });

  it.each<[unknown]>([[''], ['  '], [undefined]])('accepts empty %j → ""', (input) => {
    expect(run(PhoneSchema, input)).toEqual({ ok: true, output: '' });
  });

  it.each(invalidMobiles)('rejects %j with «شماره موبایل معتبر نیست»', (input) => {
    expect(run(PhoneSchema, input)).toEqual({ ok: false, messages: ['شماره موبایل معتبر نیست'] });
  });
});

describe('MobileSchema (required, canonical)', () => {
  it.each(validMobiles)('accepts %j → %j', (input, canonical) => {
    expect(run(MobileSchema, input)).toEqual({ ok: true, output: canonical });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    ['   ', M.required],
    [undefined, M.required],
    [9121234567, M.invalidValue],
    ['0912', M.phone],
    ['02188776655', M.phone],
  ])('rejects %j with %j', (input, message) => {
    expect(run(MobileSchema, input)).toEqual({ ok: false, messages: [message] });
  });
});

/** [input, compacted output] */
const validLandlines: [string, string][] = [
  ['02188776655', '02188776655'],
  ['021-88776655', '02188776655'],
  ['(021) 8877 6655', '02188776655'],
  ['۰۳۱۳۲۲۲۳۳۴۴', '03132223344'],
  ['٠٥١٣٨٤٥٦٧٨٩', '05138456789'],
];

const invalidLandlines = [
  '2188776655', // no 0 prefix
  '0218877665', // 10 digits
  '021887766550', // 12 digits
  '00188776655', // area code cannot start with 0
  '09121234567', // mobile
  '88776655', // no area code
  '021887766x5',
];

describe('HomePhoneSchema / isValidLandline', () => {
  it.each(validLandlines)('accepts %j → %j', (input, output) => {
    expect(run(HomePhoneSchema, input)).toEqual({ ok: true, output });
    expect(isValidLandline(input)).toBe(true);
  });

  it.each<[unknown]>([[''], [undefined]])('accepts empty %j', (input) => {
    expect(run(HomePhoneSchema, input)).toEqual({ ok: true, output: '' });
  });

  it.each(invalidLandlines)('rejects %j', (input) => {
    expect(run(HomePhoneSchema, input)).toEqual({ ok: false, messages: [M.homePhone] });
    expect(isValidLandline(input)).toBe(false);
  });
});

describe('PhoneAndHomePhoneSchema', () => {
  it.each([...validMobiles, ...validLandlines, ['', ''] as [string, string]])('accepts %j → %j', (input, output) => {
    expect(run(PhoneAndHomePhoneSchema, input)).toEqual({ ok: true, output });
  });

  it.each(['0912123456', '2188776655', '0218877665', '00188776655', '12345', 'تلفن'])('rejects %j', (input) => {
    expect(run(PhoneAndHomePhoneSchema, input)).toEqual({ ok: false, messages: [M.phoneAndHomePhone] });
  });
});
