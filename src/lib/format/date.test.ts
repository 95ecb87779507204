import { describe, expect, it } from 'vitest';
import {
  type DateInput,
  formatJalaliDate,
  formatJalaliDateTime,
  formatTime,
  formatWeekday,
  formatWeekdayDate,
  formatWeekdayDateTime,
  type JalaliParts,
  tehranNoon,
  toJalaliParts,
  toTehranIsoDate,
} from './date.ts';

describe('toJalaliParts (Tehran time zone)', () => {
  it.each<[string, DateInput, JalaliParts]>([
    ['Nowruz 1405', '2026-03-21T12:00:00Z', { year: 1405, month: 1, day: 1 }],
    ['date-only string', '2026-03-21', { year: 1405, month: 1, day: 1 }],
    ['last day of leap year 1403 (30 Esfand)', '2025-03-20T12:00:00Z', { year: 1403, month: 12, day: 30 }],
    ['Nowruz 1404', '2025-03-21T12:00:00Z', { year: 1404, month: 1, day: 1 }],
    ['30 Aban 1405', new Date('2026-11-21T12:00:00Z'), { year: 1405, month: 8, day: 30 }],
    ['1 Azar 1405 (epoch ms)', Date.UTC(2026, 10, 22, 12), { year: 1405, month: 9, day: 1 }],
    ['29 Esfand 1404 (1404 is not leap)', '2026-03-20T12:00:00Z', { year: 1404, month: 12, day: 29 }],
    // 20:30 UTC on 20 March is 00:00 on 21 March in Tehran (UTC+03:30).
    ['UTC evening already next day in Tehran', '2026-03-20T20:30:00Z', { year: 1405, month: 1, day: 1 }],
    ['one second before Tehran midnight', '2026-03-20T20:29:59Z', { year: 1404, month: 12, day: 29 }],
    ['explicit offset', '2026-11-21T23:59:00+03:30', { year: 1405, month: 8, day: 30 }],
    ['Persian digits in string', '۲۰۲۶-۰۳-۲۱T12:00:00Z', { year: 1405, month: 1, day: 1 }],
  ])('%s', (_label, input, expected) => {
    expect(toJalaliParts(input)).toEqual(expected);
  });

  it.each<[DateInput]>([['not a date'], [Number.NaN], [new Date('x')]])('throws RangeError for %j', (input) => {
    expect(() => toJalaliParts(input)).toThrow(RangeError);
  });
});

describe('formatJalaliDate', () => {
  it.each<[DateInput, 'short' | 'long' | undefined, string]>([
    ['2026-11-22T12:00:00Z', undefined, '۱ آذر ۱۴۰۵'],
    ['2026-11-22T12:00:00Z', 'long', '۱ آذر ۱۴۰۵'],
    ['2026-11-22T12:00:00Z', 'short', '۱۴۰۵/۰۹/۰۱'],
    ['2026-03-21T00:00:00Z', 'long', '۱ فروردین ۱۴۰۵'],
    ['2025-03-20T12:00:00Z', 'long', '۳۰ اسفند ۱۴۰۳'],
    ['2026-11-21T12:00:00Z', 'short', '۱۴۰۵/۰۸/۳۰'],
    ['2026-11-21T20:30:00Z', 'long', '۱ آذر ۱۴۰۵'],
  ])('%s (%s) → %j', (input, style, expected) => {
    expect(formatJalaliDate(input, style)).toBe(expected);
  });

  it('throws for an invalid date', () => {
    expect(() => formatJalaliDate('2026-13-45')).toThrow(RangeError);
  });
});

describe('formatJalaliDateTime / formatTime', () => {
  it.each<[DateInput, 'short' | 'long' | undefined, string]>([
    ['2026-11-22T05:35:00Z', undefined, '۱ آذر ۱۴۰۵ ساعت ۰۹:۰۵'],
    ['2026-11-22T05:35:00Z', 'short', '۱۴۰۵/۰۹/۰۱ ۰۹:۰۵'],
    ['2026-03-20T20:30:00Z', 'long', '۱ فروردین ۱۴۰۵ ساعت ۰۰:۰۰'],
    ['2026-03-20T20:29:00Z', 'short', '۱۴۰۴/۱۲/۲۹ ۲۳:۵۹'],
  ])('%s (%s) → %j', (input, style, expected) => {
    expect(formatJalaliDateTime(input, style)).toBe(expected);
  });

  it.each([
    ['2026-11-21T12:00:00Z', '۱۵:۳۰'],
    ['2026-11-21T20:45:00Z', '۰۰:۱۵'],
  ])('formatTime(%s) → %j', (input, expected) => {
    expect(formatTime(input)).toBe(expected);
  });
});

describe('formatWeekday / formatWeekdayDate / formatWeekdayDateTime', () => {
  it('names the day in Tehran, not in UTC', () => {
    // 21:00 UTC on Saturday 21 November is already Sunday 1 Azar in Tehran.
    expect(formatWeekday('2026-11-21T21:00:00Z')).toBe('یکشنبه');
    expect(formatWeekday('2026-11-21T20:00:00Z')).toBe('شنبه');
  });

  it('puts the weekday before the long Jalali date', () => {
    expect(formatWeekdayDate('2026-11-22T05:35:00Z')).toBe('یکشنبه ۱ آذر ۱۴۰۵');
  });

  it('adds the time after a comma', () => {
    expect(formatWeekdayDateTime('2026-11-22T05:35:00Z')).toBe('یکشنبه ۱ آذر ۱۴۰۵، ساعت ۰۹:۰۵');
  });

  it('reads a calendar day at its Tehran noon', () => {
    expect(tehranNoon('2026-11-22').toISOString()).toBe('2026-11-22T08:30:00.000Z');
    expect(formatWeekdayDate(tehranNoon('2026-11-22'))).toBe('یکشنبه ۱ آذر ۱۴۰۵');
  });
});

describe('toTehranIsoDate', () => {
  it('agrees with the time zone database every half hour around the last summer time and on to 2030', () => {
    const viaIntl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let time = Date.UTC(2022, 2, 1); time < Date.UTC(2030, 0, 1); time += time < Date.UTC(2023, 0, 1) ? 30 * 60_000 : 7 * 3_600_000 + 30 * 60_000) {
      expect(toTehranIsoDate(new Date(time)), new Date(time).toISOString()).toBe(viaIntl.format(new Date(time)));
    }
  });

  it.each<[DateInput, string]>([
    ['2026-03-20T20:29:59Z', '2026-03-20'],
    ['2026-03-20T20:30:00Z', '2026-03-21'],
    ['1921-03-21T12:00:00Z', '1921-03-21'],
  ])('%s → %s', (input, expected) => {
    expect(toTehranIsoDate(input)).toBe(expected);
  });
});
