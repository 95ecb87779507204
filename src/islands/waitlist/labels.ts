import type { WaitlistStatus } from '#lib/api/contracts/waitlist.ts';

/** The chip's colours: a word goes with each (#lib/waitlist/labels.ts), colour is never the only signal. */
export const STATUS_TONES: Record<WaitlistStatus, string> = {
  waiting: 'border-brand text-brand',
  offered: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  booked: 'border-success text-success',
  expired: 'border-line text-muted',
  left: 'border-line text-muted',
};

/** What a confirmation asks for: leaving the line, or turning an offered slot down (and perhaps leaving too). */
export type WaitlistAnswer = 'leave' | 'decline' | 'decline-leave';

export const ANSWER_TEXTS: Record<WaitlistAnswer, { title: string; confirm: string; done: string }> = {
  leave: { title: 'خروج از فهرست انتظار', confirm: 'بله، خارج شوم', done: 'از فهرست انتظار خارج شدید.' },
  decline: { title: 'رد نوبت پیشنهادی', confirm: 'بله، رد شود', done: 'نوبت پیشنهادی رد شد؛ در فهرست انتظار می‌مانید.' },
  'decline-leave': { title: 'رد نوبت و خروج از فهرست', confirm: 'بله، رد شود و خارج شوم', done: 'نوبت پیشنهادی رد شد و از فهرست انتظار خارج شدید.' },
};
