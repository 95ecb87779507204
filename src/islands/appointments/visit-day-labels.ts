import type { QueueSession, QueueStatus } from '#lib/api/contracts/queue.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

/**
 * The visit-day view's words. Apart from labels.ts: the view is loaded on its own, and a module it
 * shared with the list would become one more script on the list's page. The session and the delay
 * are said as on the waiting-room board (lib/queue/words.ts) but written here again on purpose: a
 * module shared by the board's page script and this lazy view becomes a chunk of its own, one more
 * request that pushes the public board past its script budget. visit-day-labels.test.ts holds the
 * two to the same words.
 */

/** Where the doctor's day stands, on the visit-day view. */
export const QUEUE_SESSION_LABELS: Record<QueueSession, string> = {
  not_started: 'ویزیت‌ها هنوز آغاز نشده',
  running: 'ویزیت‌ها در جریان است',
  paused: 'ویزیت‌ها موقتاً متوقف شده',
  ended: 'ویزیت‌های امروز پایان یافت',
};

/** Where the patient stands in the queue. */
export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  waiting: 'در انتظار',
  checked_in: 'حضور ثبت شد',
  called: 'نوبت شماست',
  done: 'ویزیت انجام شد',
  no_show: 'غایب ثبت شد',
};

export const QUEUE_STATUS_TONES: Record<QueueStatus, string> = {
  waiting: 'border-line text-muted',
  checked_in: 'border-success text-success',
  called: 'border-brand text-brand',
  done: 'border-line text-muted',
  no_show: 'border-danger text-danger',
};

/** «۲ نفر پیش از شما»; none left: «نفر بعدی شما هستید». */
export const aheadText = (ahead: number): string => (ahead === 0 ? 'نفر بعدی شما هستید' : `${toPersianDigits(ahead)} نفر پیش از شما`);

/** A span of minutes in words: «۲۰ دقیقه», «۱ ساعت و ۵ دقیقه». */
function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${toPersianDigits(rest)} دقیقه`;
  return rest === 0 ? `${toPersianDigits(hours)} ساعت` : `${toPersianDigits(hours)} ساعت و ${toPersianDigits(rest)} دقیقه`;
}

/** The delay the desk announced, as a sentence. */
export const delayText = (minutes: number): string => (minutes > 0 ? `پزشک حدود ${minutesText(minutes)} تأخیر دارد` : 'بدون تأخیر اعلام‌شده');

/** Where a called patient goes: the room («اتاق ۱۰۵») when the catalogue has it, else the clinic and its floor. */
export const calledText = (place: { clinic: string; floor: string; room?: string | undefined }): string => `نوبت شماست؛ به ${place.room ?? `${place.clinic}، ${place.floor}`} بروید`;
