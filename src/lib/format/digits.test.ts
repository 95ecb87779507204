import { describe, expect, it } from 'vitest';
import { toLatinDigits, toPersianDigits } from './digits.ts';

describe('toLatinDigits', () => {
  it.each([
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۹۱۲ ٣٤٥ 6789', '0912 345 6789'],
    ['پلاک ۱۲', 'پلاک 12'],
    ['abc 123', 'abc 123'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toLatinDigits(input)).toBe(expected);
  });
});

describe('toPersianDigits', () => {
  it.each<[string | number, string]>([
    ['0123456789', '۰۱۲۳۴۵۶۷۸۹'],
    [1405, '۱۴۰۵'],
    [-12.5, '-۱۲.۵'],
    ['کد 42', 'کد ۴۲'],
    ['۱۲', '۱۲'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toPersianDigits(input)).toBe(expected);
  });

  it('round-trips with toLatinDigits', () => {
    expect(toLatinDigits(toPersianDigits('2026-03-21'))).toBe('2026-03-21');
  });
});
