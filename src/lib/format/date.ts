/**
 * Jalali (Solar Hijri) date formatting, always in the Asia/Tehran time zone
 * (UTC+03:30, no DST since 2022) regardless of where the code runs, so the
 * browser and the server render the same day.
 *
 * Inputs: a Date, an epoch-milliseconds number, or a string parsed by `Date`
 * (use ISO 8601 with an offset or 'Z'; a date-only "2026-03-21" means UTC
 * midnight, which is the same calendar day in Tehran). Persian digits in
 * strings are accepted. Invalid dates throw a RangeError.
 */
import { toLatinDigits } from './digits.ts';
import { tehranFormatter } from './intl.ts';

export type DateInput = Date | string | number;
export type JalaliDateStyle = 'short' | 'long';
export interface JalaliParts {
  year: number;
  month: number;
  day: number;
}

const longDate = tehranFormatter('fa-IR-u-ca-persian', { year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = tehranFormatter('fa-IR-u-ca-persian', { year: 'numeric', month: '2-digit', day: '2-digit' });
const time = tehranFormatter('fa-IR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekday = tehranFormatter('fa-IR-u-ca-persian', { weekday: 'long' });
const latinParts = tehranFormatter('en-US-u-ca-persian-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric' });
const isoDate = tehranFormatter('en-US-u-nu-latn', { year: 'numeric', month: '2-digit', day: '2-digit' });

function toDate(input: DateInput): Date {
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(typeof input === 'string' ? toLatinDigits(input.trim()) : input);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(input)}`);
  }
  return date;
}

/**
 * Jalali date in Persian digits.
 * long (default): "۱ آذر ۱۴۰۵"; short: "۱۴۰۵/۰۹/۰۱".
 */
export function formatJalaliDate(date: DateInput, style: JalaliDateStyle = 'long'): string {
  return (style === 'short' ? shortDate : longDate)().format(toDate(date));
}

/** "HH:mm" (24-hour) in Persian digits, Tehran time: "۰۹:۰۵". */
export function formatTime(date: DateInput): string {
  return time().format(toDate(date));
}

/**
 * Jalali date and time in Persian digits, Tehran time.
 * long (default): "۱ آذر ۱۴۰۵ ساعت ۰۹:۰۵"; short: "۱۴۰۵/۰۹/۰۱ ۰۹:۰۵".
 */
export function formatJalaliDateTime(date: DateInput, style: JalaliDateStyle = 'long'): string {
  const d = toDate(date);
  const joiner = style === 'short' ? ' ' : ' ساعت ';
  return `${formatJalaliDate(d, style)}${joiner}${time().format(d)}`;
}

/** The weekday's Persian name in Tehran: "سه‌شنبه". */
export function formatWeekday(date: DateInput): string {
  return weekday().format(toDate(date));
}

/**
 * The weekday and the long Jalali date, Tehran time: "سه‌شنبه ۱۸ آذر ۱۴۰۵". Put together by hand
 * because ICU orders a weekday with a year oddly ("۱۴۰۵ آذر ۱۸, سه‌شنبه").
 */
export function formatWeekdayDate(date: DateInput): string {
  const d = toDate(date);
  return `${weekday().format(d)} ${longDate().format(d)}`;
}

/** The weekday, the long Jalali date and the time, Tehran time: "سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰". */
export function formatWeekdayDateTime(date: DateInput): string {
  const d = toDate(date);
  return `${formatWeekdayDate(d)}، ساعت ${time().format(d)}`;
}

/** Noon in Tehran of a Gregorian calendar day 'YYYY-MM-DD': the same calendar day in any zone. */
export function tehranNoon(day: string): Date {
  return new Date(`${day}T12:00:00+03:30`);
}

function partNumber(parts: Intl.DateTimeFormatPart[], type: 'year' | 'month' | 'day'): number {
  const value = parts.find((p) => p.type === type)?.value ?? '';
  // The year may come with an era suffix (e.g. "1405 AP"); take the digits only.
  const digits = /\d+/.exec(toLatinDigits(value));
  if (!digits) throw new RangeError(`Cannot read Jalali ${type} from "${value}"`);
  return Number(digits[0]);
}

/** Jalali {year, month (1-12), day} as Latin numbers, in the Tehran time zone. */
export function toJalaliParts(date: DateInput): JalaliParts {
  const parts = latinParts().formatToParts(toDate(date));
  return {
    year: partNumber(parts, 'year'),
    month: partNumber(parts, 'month'),
    day: partNumber(parts, 'day'),
  };
}

/**
 * Iran has kept UTC+03:30 all year since its last summer time ended, at Tehran midnight starting
 * 2022-09-22: from then on a Tehran day is one addition away, far cheaper than Intl's parts (the
 * server reads the day of every slot it checks).
 */
const FIXED_OFFSET_SINCE = Date.UTC(2022, 8, 21, 20, 30);
const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;

/** The Gregorian calendar day in Tehran as 'YYYY-MM-DD' (Latin digits), e.g. for "not after today". */
export function toTehranIsoDate(date: DateInput): string {
  const instant = toDate(date);
  const time = instant.getTime();
  if (time >= FIXED_OFFSET_SINCE) return new Date(time + TEHRAN_OFFSET_MS).toISOString().slice(0, 10);
  const parts = isoDate().formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
