/**
 * The visit day in words (spec/api.md "Visit day"): where the doctor's session stands and the delay
 * the desk announced, said once for the waiting-room board, the patient's view and `npm run hospital`.
 */
import type { QueueSession } from '../api/contracts/queue.ts';
import { toPersianDigits } from '../format/digits.ts';

/** The session as a sentence a waiting room reads. */
export const SESSION_WORDS: Record<QueueSession, string> = {
  not_started: 'ویزیت‌ها هنوز آغاز نشده',
  running: 'ویزیت‌ها در جریان است',
  paused: 'ویزیت‌ها موقتاً متوقف شده',
  ended: 'ویزیت‌های امروز پایان یافت',
};

/** «۴۵ دقیقه», «۱ ساعت», «۱ ساعت و ۲۰ دقیقه»: a span of minutes as people say it. */
export function durationWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${toPersianDigits(rest)} دقیقه`;
  return rest === 0 ? `${toPersianDigits(hours)} ساعت` : `${toPersianDigits(hours)} ساعت و ${toPersianDigits(rest)} دقیقه`;
}

/** The announced delay as a sentence: «پزشک حدود ۲۰ دقیقه تأخیر دارد», or that none was announced. */
export function delayWords(minutes: number): string {
  return minutes > 0 ? `پزشک حدود ${durationWords(minutes)} تأخیر دارد` : 'بدون تأخیر اعلام‌شده';
}
