/**
 * Calendar days and instants that the hospital and patients send. Date.parse and PostgreSQL roll
 * a day that does not exist over into the next month (2027-02-31 becomes 03-03), so every day and
 * date-time is checked against the calendar before it is read: one rule for every field.
 */
import * as v from 'valibot';
import { inputMessage } from './base.ts';

export const dateTimeMessages = {
  instant: 'زمان باید به شکل ISO با Z باشد',
  day: 'تاریخ باید به شکل YYYY-MM-DD باشد',
  /** A day like 30 February or 31 April, 29 February of a common year. */
  noSuchDay: 'این تاریخ در تقویم وجود ندارد',
  /** A date-time whose day or hour (25:00), minute or second does not exist. */
  noSuchInstant: 'این تاریخ یا ساعت در تقویم وجود ندارد',
};

/** True for a Gregorian year, month (1–12) and day that exist: no 30 February, 29 February only in leap years. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a Gregorian 'YYYY-MM-DD' that exists (no 2023-02-30). */
export function isIsoDate(s: string): boolean {
  const match = ISO_DAY.exec(s);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The calendar parts at the start of an ISO 8601 date or date-time, its offset and fractions aside. */
const DATE_TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * True when the day of an ISO 8601 date or date-time exists, and its hour is 0–23, minute and
 * second 0–59. Says nothing of the rest of its form: the schema that uses it checks that.
 */
export function existsInCalendar(s: string): boolean {
  const match = DATE_TIME_PARTS.exec(s);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  return isCalendarDay(year!, month!, day!) && hour <= 23 && minute <= 59 && second <= 59;
}

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const IsoDaySchema = v.pipe(v.string(inputMessage), v.isoDate(dateTimeMessages.day), v.check(isIsoDate, dateTimeMessages.noSuchDay));

/** An instant in UTC with `Z` (`2026-12-01T08:00:00Z`, seconds and fractions optional as ISO 8601 allows), whose day and time exist. */
export const IsoInstantSchema = v.pipe(
  v.string(inputMessage),
  v.isoTimestamp(dateTimeMessages.instant),
  v.check((s) => s.endsWith('Z') && !Number.isNaN(Date.parse(s)), dateTimeMessages.instant),
  v.check(existsInCalendar, dateTimeMessages.noSuchInstant),
);
