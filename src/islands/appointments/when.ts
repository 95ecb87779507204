import { formatJalaliDate, formatTime, TEHRAN_TIME_ZONE } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

const weekday = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: TEHRAN_TIME_ZONE, weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: TEHRAN_TIME_ZONE, day: 'numeric', month: 'long' });

/** Noon in Tehran of a Gregorian calendar day `YYYY-MM-DD` (the slots answer's days). */
const noonOf = (day: string) => new Date(`${day}T12:00:00+03:30`);

/** A day of the strip: «شنبه» and «۱۵ آذر». */
export function dayLabel(day: string): { weekday: string; date: string } {
  const noon = noonOf(day);
  return { weekday: weekday.format(noon), date: dayMonth.format(noon) };
}

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰». */
export function whenText(start: string): string {
  const at = new Date(start);
  return `${weekday.format(at)} ${formatJalaliDate(at)}، ساعت ${formatTime(at)}`;
}

/** «۱۸ آذر، ۰۹:۳۰»: an alternative slot on a button. */
export function shortWhen(start: string): string {
  const at = new Date(start);
  return `${weekday.format(at)} ${dayMonth.format(at)}، ساعت ${formatTime(at)}`;
}

/** mm:ss in Persian digits. */
export function clock(seconds: number): string {
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return toPersianDigits(`${mm}:${ss}`);
}
