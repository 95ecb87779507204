/**
 * How the waitlist reads in Persian: the parts of the day, the statuses, a place in line, a range
 * of days and the time left on an offer. Shared by the join form, the patient's list and tests.
 */
import type { PartOfDay, WaitlistStatus } from '../api/contracts/waitlist.ts';
import { formatJalaliDate } from '../format/date.ts';
import { toPersianDigits } from '../format/digits.ts';

export const PART_OF_DAY_LABELS: Record<PartOfDay, string> = {
  morning: 'صبح',
  afternoon: 'عصر',
  any: 'فرقی نمی‌کند',
};

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'در انتظار',
  offered: 'نوبت پیشنهادی',
  booked: 'نوبت گرفته شد',
  expired: 'پایان مهلت',
  left: 'خارج شده',
};

/**
 * The chip of an entry: an offer the patient accepted is held for them until they pay, which
 * «نوبت پیشنهادی» no longer says.
 */
export function entryStatusLabel(status: WaitlistStatus, offerStatus?: 'live' | 'accepted'): string {
  return status === 'offered' && offerStatus === 'accepted' ? 'در انتظار پرداخت' : WAITLIST_STATUS_LABELS[status];
}

/** «نفر ۳ در فهرست انتظار». */
export const positionText = (position: number): string => `نفر ${toPersianDigits(position)} در فهرست انتظار`;

/** A Tehran calendar day `YYYY-MM-DD` as «۱۸ آذر ۱۴۰۵». */
const jalaliDay = (day: string): string => formatJalaliDate(`${day}T12:00:00Z`);

/** «۱۸ آذر ۱۴۰۵ تا ۲ دی ۱۴۰۵», or one day alone. */
export function dayRangeText(from: string, to: string): string {
  return from === to ? jalaliDay(from) : `${jalaliDay(from)} تا ${jalaliDay(to)}`;
}

/** The toast after joining: the place in line. */
export const joinedText = (position: number): string => `به فهرست انتظار اضافه شدید: ${positionText(position)}.`;

/**
 * What a screen reader hears of an offer's time left, by whole minutes started (2:01 → «۳ دقیقه»):
 * the words change once a minute, so a polite live region speaks once a minute, not every second.
 */
export function offerTimeLeftText(seconds: number): string {
  if (seconds <= 0) return 'مهلت پاسخ به این نوبت تمام شد.';
  if (seconds <= 60) return 'کمتر از یک دقیقه برای پاسخ به این نوبت باقی است.';
  return `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه برای پاسخ به این نوبت باقی است.`;
}
