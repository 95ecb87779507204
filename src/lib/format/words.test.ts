import { describe, expect, it } from 'vitest';
import { numberToPersianWords } from './words.ts';

describe('numberToPersianWords', () => {
  it.each([
    [0, 'صفر'],
    [7, 'هفت'],
    [10, 'ده'],
    [13, 'سیزده'],
    [20, 'بیست'],
    [45, 'چهل و پنج'],
    [100, 'صد'],
    [205, 'دویست و پنج'],
    [999, 'نهصد و نود و نه'],
    [1000, 'یک هزار'],
    [1_000_000, 'یک میلیون'],
    [1_500_000, 'یک میلیون و پانصد هزار'],
    [2_000_300, 'دو میلیون و سیصد'],
    [12_345_678, 'دوازده میلیون و سیصد و چهل و پنج هزار و ششصد و هفتاد و هشت'],
    [500_000_000, 'پانصد میلیون'],
    [1_000_000_000, 'یک میلیارد'],
    [10_000_000_000_000, 'ده تریلیون'],
    [-15, 'منفی پانزده'],
  ])('%d → %s', (n, words) => {
    expect(numberToPersianWords(n)).toBe(words);
  });

  it('refuses fractions and unsafe integers', () => {
    expect(() => numberToPersianWords(1.5)).toThrow(RangeError);
    expect(() => numberToPersianWords(2 ** 60)).toThrow(RangeError);
  });
});
