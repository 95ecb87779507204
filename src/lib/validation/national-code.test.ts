import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as M } from './messages.ts';
import { isValidNationalCode, NationalCodeOptionalSchema, NationalCodeSchema } from './national-code.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

/** Independent reference: check digit for a 9-digit prefix. */
function checkDigit(prefix: string): number {
  const s = [...prefix].reduce((sum, d, i) => sum + Number(d) * (10 - i), 0);
  const r = s % 11;
  return r < 2 ? r : 11 - r;
}

/** [input, normalised output] */
const valid: [string, string][] = [
  ['0499370899', '0499370899'],
  ['0790419904', '0790419904'],
  ['0012345679', '0012345679'],
  ['1234567891', '1234567891'], // r = 1 → check digit 1
  ['4512233660', '4512233660'], // r = 0 → check digit 0
  ['2740193866', '2740193866'],
  ['۰۴۹۹۳۷۰۸۹۹', '0499370899'],
  ['٠٧٩٠٤١٩٩٠٤', '0790419904'],
  [' 0499370899 ', '0499370899'],
  ['049-937089-9', '0499370899'],
];

const invalid = [
  '1111111111', // all same (passes the checksum formula, rejected by the "not all same" rule)
  '2222222222', // all same (also passes the checksum formula)
  '0000000000',
  '0499370898', // wrong check digit
  '0790419905',
  '1234567890', // r = 1 needs check digit 1
  '4512233661', // r = 0 needs check digit 0
  '049937089', // 9 digits
  '04993708990', // 11 digits
  '04993708a9',
  'کد ملی',
];

describe('reference check digits agree with the fixtures', () => {
  it.each(valid.map(([, code]) => code))('%s', (code) => {
    expect(checkDigit(code.slice(0, 9))).toBe(Number(code[9]));
  });
});

describe('isValidNationalCode', () => {
  it.each(valid)('%j is valid', (input) => {
    expect(isValidNationalCode(input)).toBe(true);
  });

  it.each([...invalid, ''])('%j is invalid', (input) => {
    expect(isValidNationalCode(input)).toBe(false);
  });

  it('agrees with the reference for every check digit of generated prefixes', () => {
    for (const prefix of ['012345678', '987654321', '300000000', '555123456', '100200300']) {
      for (let d = 0; d <= 9; d++) {
        expect(isValidNationalCode(`${prefix}${d}`), `${prefix}${d}`).toBe(d === checkDigit(prefix));
      }
    }
  });
});

describe('NationalCodeOptionalSchema (empty allowed)', () => {
  it.each([...valid, ['', ''] as [string, string]])('accepts %j → %j', (input, output) => {
    expect(run(NationalCodeOptionalSchema, input)).toEqual({ ok: true, output });
  });

  it.each(invalid)('rejects %j with «کد ملی معتبر نیست»', (input) => {
    expect(run(NationalCodeOptionalSchema, input)).toEqual({ ok: false, messages: ['کد ملی معتبر نیست'] });
  });
});

describe('NationalCodeSchema (required)', () => {
  it.each(valid)('accepts %j → %j', (input, output) => {
    expect(run(NationalCodeSchema, input)).toEqual({ ok: true, output });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    [undefined, M.required],
    ['1111111111', M.nationalCode],
    ['0499370898', M.nationalCode],
  ])('rejects %j with %j', (input, message) => {
    expect(run(NationalCodeSchema, input)).toEqual({ ok: false, messages: [message] });
  });
});
