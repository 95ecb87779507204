import { formatTime, formatWeekday, formatWeekdayDateTime, tehranNoon } from '#lib/format/date.ts';
import { tehranFormatter } from '#lib/format/intl.ts';

const dayMonth = tehranFormatter('fa-IR-u-ca-persian', { day: 'numeric', month: 'long' });

/** A day of the strip: «شنبه» and «۱۵ آذر» (a Gregorian calendar day `YYYY-MM-DD` of the slots answer). */
export function dayLabel(day: string): { weekday: string; date: string } {
  const noon = tehranNoon(day);
  return { weekday: formatWeekday(noon), date: dayMonth().format(noon) };
}

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰». */
export const whenText = (start: string): string => formatWeekdayDateTime(start);

/** «۱۸ آذر، ۰۹:۳۰»: an alternative slot on a button. */
export function shortWhen(start: string): string {
  const at = new Date(start);
  return `${formatWeekday(at)} ${dayMonth().format(at)}، ساعت ${formatTime(at)}`;
}
