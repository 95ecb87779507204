/**
 * How a booking's day and time read in Persian, Tehran time: «یکشنبه ۱۲ آذر ۱۴۰۵», and for a
 * slot soon «امروز، ساعت ۰۹:۱۵» / «فردا، …» / «یکشنبه ۱۲ آذر، …». Runs anywhere; used by the
 * patient's list, the reschedule dialog and the public pages' «next free time» (a few hundred bytes
 * of script there).
 */
import { type DateInput, formatJalaliDate, formatTime, toTehranIsoDate } from '../format/date.ts';
import { tehranFormatter } from '../format/intl.ts';

const weekday = tehranFormatter('fa-IR-u-ca-persian', { weekday: 'long' });
const dayInMonth = tehranFormatter('fa-IR-u-ca-persian', { weekday: 'long', day: 'numeric', month: 'long' });

/** «یکشنبه ۱۲ آذر ۱۴۰۵» (put together by hand: ICU orders weekday and year oddly, «۱۴۰۵ آذر ۱۲, یکشنبه»). */
export function formatBookingDay(date: DateInput): string {
  const at = new Date(date);
  return `${weekday().format(at)} ${formatJalaliDate(at)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** «امروز، ساعت ۰۹:۱۵», «فردا، ساعت ۱۶:۰۰» or «یکشنبه ۱۲ آذر، ساعت ۰۹:۱۵», as seen at `now`. */
export function formatSoon(start: DateInput, now: Date = new Date()): string {
  const at = new Date(start);
  const day = toTehranIsoDate(at);
  const label = day === toTehranIsoDate(now) ? 'امروز' : day === toTehranIsoDate(now.getTime() + DAY_MS) ? 'فردا' : dayInMonth().format(at);
  return `${label}، ساعت ${formatTime(at)}`;
}
