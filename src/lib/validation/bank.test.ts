import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CardNumberSchema, IbanWithoutIRSchema, isValidCardNumber, isValidIban, luhn } from './bank.ts';
import { validationMessages as M } from './messages.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

/** Independent Luhn reference (sum of digits of doubled values). */
function referenceLuhn(digits: string): boolean {
  const sum = [...digits]
    .reverse()
    .map(Number)
    .map((d, i) => (i % 2 === 1 ? [...String(d * 2)].reduce((a, c) => a + Number(c), 0) : d))
    .reduce((a, b) => a + b, 0);
  return sum % 10 === 0;
}

/** The check digit that makes `prefix + digit` pass the reference Luhn. */
function luhnDigit(prefix: string): number {
  for (let d = 0; d <= 9; d++) if (referenceLuhn(`${prefix}${d}`)) return d;
  throw new Error('unreachable');
}

/** Independent IBAN reference with BigInt. */
function referenceIbanOk(body24: string): boolean {
  const rearranged = `${body24.slice(2)}1827${body24.slice(0, 2)}`;
  return BigInt(rearranged) % 97n === 1n;
}

/** Builds a valid IBAN body (24 digits) from a 22-digit BBAN. */
function ibanWithCheckDigits(bban22: string): string {
  const check = 98n - (BigInt(`${bban22}182700`) % 97n);
  return `${String(check).padStart(2, '0')}${bban22}`;
}

describe('reference helpers are themselves right', () => {
  it.each<[string, boolean]>([
    ['79927398713', true], // textbook Luhn example
    ['79927398710', false],
    ['4111111111111111', true], // well-known Visa test number
  ])('referenceLuhn(%s) → %s', (s, expected) => {
    expect(referenceLuhn(s)).toBe(expected);
  });

  it('referenceIbanOk accepts the textbook IBAN IR062960000000100324200001', () => {
    expect(referenceIbanOk('062960000000100324200001')).toBe(true);
    expect(referenceIbanOk('062960000000100324200002')).toBe(false);
  });
});

const cardPrefixes = ['621986103452900', '603799123456789', '589210100000000', '610433000000000', '502229000000000'];
const validCards = cardPrefixes.map((p) => `${p}${luhnDigit(p)}`);
const wrongChecksumCards = cardPrefixes.map((p) => `${p}${(luhnDigit(p) + 1) % 10}`);

describe('luhn', () => {
  it('generated card fixtures include the known 6219861034529007', () => {
    expect(validCards).toContain('6219861034529007');
  });

  it.each(validCards)('%s passes', (card) => {
    expect(luhn(card)).toBe(true);
  });

  it.each(wrongChecksumCards)('%s fails', (card) => {
    expect(luhn(card)).toBe(false);
  });

  it.each(['', '12a4', '۱۲۳'])('non-digit input %j fails', (s) => {
    expect(luhn(s)).toBe(false);
  });

  it('matches the reference on a range of numbers', () => {
    for (let n = 100000; n < 100300; n++) expect(luhn(String(n)), String(n)).toBe(referenceLuhn(String(n)));
  });
});

describe('isValidCardNumber / CardNumberSchema', () => {
  it.each<[string, string]>([
    ...validCards.map((c): [string, string] => [c, c]),
    ['6219 8610 3452 9007', '6219861034529007'],
    ['6219-8610-3452-9007', '6219861034529007'],
    ['۶۲۱۹۸۶۱۰۳۴۵۲۹۰۰۷', '6219861034529007'],
  ])('accepts %j → %j', (input, output) => {
    expect(isValidCardNumber(input)).toBe(true);
    expect(run(CardNumberSchema, input)).toEqual({ ok: true, output });
  });

  it.each(wrongChecksumCards)('rejects %j with the checksum message', (input) => {
    expect(isValidCardNumber(input)).toBe(false);
    expect(run(CardNumberSchema, input)).toEqual({ ok: false, messages: ['شماره کارت نادرست است'] });
  });

  it.each([
    '621986103452900', // 15 digits
    '62198610345290070', // 17 digits
    '621986103452900a',
    '79927398713', // Luhn-valid but not 16 digits
  ])('rejects %j with the format message', (input) => {
    expect(isValidCardNumber(input)).toBe(false);
    expect(run(CardNumberSchema, input)).toEqual({ ok: false, messages: ['شماره کارت معتبر نیست'] });
  });

  it.each<[unknown]>([[''], [undefined]])('empty %j is allowed', (input) => {
    expect(run(CardNumberSchema, input)).toEqual({ ok: true, output: '' });
  });
});

const knownIban = '062960000000100324200001';
const generatedIbans = ['0170000000123456789001', '0550012345678901234567', '0120000000000000000001'].map(ibanWithCheckDigits);
const validIbans = [knownIban, ...generatedIbans];
/** Change one digit at a time: mod 97 always detects a single-digit change. */
const corruptedIbans = validIbans.flatMap((iban) => [0, 5, 23].map((i) => `${iban.slice(0, i)}${(Number(iban[i]) + 3) % 10}${iban.slice(i + 1)}`));

describe('isValidIban / IbanWithoutIRSchema', () => {
  it.each(validIbans)('fixture %s agrees with the BigInt reference', (iban) => {
    expect(referenceIbanOk(iban)).toBe(true);
  });

  it.each<[string, string]>([
    ...validIbans.map((b): [string, string] => [b, b]),
    ['IR062960000000100324200001', knownIban],
    ['ir06 2960 0000 0010 0324 2000 01', knownIban],
    ['۰۶۲۹۶۰۰۰۰۰۰۰۱۰۰۳۲۴۲۰۰۰۰۱', knownIban],
  ])('accepts %j → %j', (input, output) => {
    expect(isValidIban(input)).toBe(true);
    expect(run(IbanWithoutIRSchema, input)).toEqual({ ok: true, output });
  });

  it.each(corruptedIbans)('rejects %s (one digit changed) with «شماره شبا معتبر نیست»', (input) => {
    expect(referenceIbanOk(input)).toBe(false);
    expect(isValidIban(input)).toBe(false);
    expect(run(IbanWithoutIRSchema, input)).toEqual({ ok: false, messages: [M.ibanInvalid] });
  });

  it.each([
    knownIban.slice(0, 23), // 23 digits
    `${knownIban}0`, // 25 digits
    'IR06296000000010032420000', // IR + 23 digits
    'DE062960000000100324200001', // other country prefix
    '06296000000010032420000x',
  ])('rejects %j with «شماره شبا باید ۲۴ رقم باشد»', (input) => {
    expect(isValidIban(input)).toBe(false);
    expect(run(IbanWithoutIRSchema, input)).toEqual({ ok: false, messages: ['شماره شبا باید ۲۴ رقم باشد'] });
  });

  it.each<[unknown]>([[''], [undefined]])('empty %j is allowed', (input) => {
    expect(run(IbanWithoutIRSchema, input)).toEqual({ ok: true, output: '' });
  });
});
