import type { QueueStatus } from '#lib/api/contracts/queue.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

/**
 * The visit-day view's own words; the session and the delay are said as on the board
 * (lib/queue/words.ts). Apart from labels.ts: the view is loaded on its own, and a module it
 * shared with the list would become one more script on the list's page.
 */

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

/** Where a called patient goes: the room («اتاق ۱۰۵») when the catalogue has it, else the clinic and its floor. */
export const calledText = (place: { clinic: string; floor: string; room?: string | undefined }): string => `نوبت شماست؛ به ${place.room ?? `${place.clinic}، ${place.floor}`} بروید`;
