/**
 * The free-cancel rule in words (CANCEL_FREE_HOURS, spec/api.md `cancel_until`): until when a
 * booking can be cancelled or moved, the refund going to the wallet; or, once that moment has
 * passed (or had passed when the visit was booked), that it can no longer be. Used by every
 * booking step and the appointment card, so they say it the same way.
 */
import { type DateInput, formatTime } from '../format/date.ts';
import { toPersianDigits } from '../format/digits.ts';
import { formatBookingDay } from './when.ts';

const HOUR_MS = 60 * 60 * 1000;

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰». */
export const deadlineText = (at: DateInput) => `${formatBookingDay(at)}، ساعت ${formatTime(at)}`;

/** The last moment a slot starting at `start` may be cancelled or moved for free. */
export function cancelUntilOf(start: DateInput, cancelFreeHours: number): Date {
  return new Date(new Date(start).getTime() - cancelFreeHours * HOUR_MS);
}

/** Whole hours between the deadline and the start (the setting, read back from an appointment). */
export const freeHoursOf = (start: DateInput, cancelUntil: DateInput) => Math.round((new Date(start).getTime() - new Date(cancelUntil).getTime()) / HOUR_MS);

export type CancelRule =
  /** Still open: until when, and where the money goes. */
  | { open: true; text: string }
  /** Closed: why, in a sentence. */
  | { open: false; text: string };

/**
 * The rule for a booking starting at `start` with deadline `cancelUntil`, as seen at `now`;
 * `bookedAt` (when known) tells a visit booked already inside the window from one whose time ran out.
 */
export function cancelRule({ start, cancelUntil, now, bookedAt }: { start: DateInput; cancelUntil: DateInput; now: Date; bookedAt?: DateInput }): CancelRule {
  const until = new Date(cancelUntil);
  const hours = toPersianDigits(freeHoursOf(start, until));
  if (now.getTime() <= until.getTime()) {
    return { open: true, text: `لغو یا تغییر زمان رایگان تا ${deadlineText(until)}؛ مبلغ پرداختی به کیف پول شما برمی‌گردد.` };
  }
  if (bookedAt !== undefined && new Date(bookedAt).getTime() > until.getTime()) {
    return { open: false, text: `این نوبت کمتر از ${hours} ساعت پیش از زمانش گرفته شد؛ لغو یا تغییر زمان آن ممکن نیست.` };
  }
  if (bookedAt === undefined) {
    return { open: false, text: `تا این نوبت کمتر از ${hours} ساعت مانده است؛ پس از پرداخت نمی‌توان آن را لغو کرد یا زمانش را تغییر داد.` };
  }
  return { open: false, text: `مهلت لغو و تغییر زمان رایگان (${deadlineText(until)}) گذشته است؛ این نوبت دیگر لغو یا جابه‌جا نمی‌شود.` };
}
