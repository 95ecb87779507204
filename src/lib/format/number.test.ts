import { describe, expect, it } from 'vitest';
import { formatNumber, formatPersianNumber, formatRial, parseNumber } from './number.ts';

describe('formatNumber', () => {
  it.each<[number | bigint, string]>([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [1234.5, '1,234.5'],
    [12345678901234567890n, '12,345,678,901,234,567,890'],
  ])('%s → %j', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });
});

describe('formatPersianNumber', () => {
  it.each<[number, 0 | 1 | undefined, string]>([
    [0, undefined, '۰'],
    [1250000, undefined, '۱٬۲۵۰٬۰۰۰'],
    [12.46, undefined, '۱۲'],
    [12.46, 1, '۱۲٫۵'],
    [3, 1, '۳'],
  ])('%s (%s) → %j', (n, fractionDigits, expected) => {
    expect(formatPersianNumber(n, fractionDigits)).toBe(expected);
  });
});

describe('formatRial', () => {
  it.each<[number | bigint, string]>([
    [0, '۰ ریال'],
    [500, '۵۰۰ ریال'],
    [1000000, '۱٬۰۰۰٬۰۰۰ ریال'],
    [1234567, '۱٬۲۳۴٬۵۶۷ ریال'],
    [1234567.6, '۱٬۲۳۴٬۵۶۸ ریال'],
    [10000000000n, '۱۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال'],
  ])('%s → %j', (n, expected) => {
    expect(formatRial(n)).toBe(expected);
  });
});

describe('parseNumber', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['1234567', 1234567],
    ['1,234,567', 1234567],
    ['۱٬۲۳۴٬۵۶۷', 1234567],
    ['۱,۰۰۰,۰۰۰', 1000000],
    ['٣٤٥', 345],
    ['  ۴۲  ', 42],
    ['-12', -12],
    ['\u200E\u2212۱٬۲۳۴٫۵', -1234.5],
    ['۱۲٫۵', 12.5],
    ['12.5', 12.5],
    ['.5', 0.5],
  ])('%j → %s', (s, expected) => {
    expect(parseNumber(s)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12a', '1.2.3', '۱۲ ریال', '--1', '1e3'])('%j → NaN', (s) => {
    expect(parseNumber(s)).toBeNaN();
  });

  it.each([0, 7, 1000000, 987654321])('parses back formatRial/formatNumber output of %s', (n) => {
    expect(parseNumber(formatNumber(n))).toBe(n);
    expect(parseNumber(formatRial(n).replace(' ریال', ''))).toBe(n);
  });
});
