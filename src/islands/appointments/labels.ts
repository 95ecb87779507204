import type { AppointmentStatus } from '#lib/api/contracts/appointments.ts';
import type { AppointmentScope } from '#lib/appointments/scopes.ts';

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  held: 'رزرو موقت',
  awaiting_payment: 'در انتظار پرداخت',
  confirmed: 'قطعی',
  completed: 'انجام شد',
  cancelled: 'لغو شد',
  expired: 'منقضی شد',
};

/** The chip's colours: a word goes with each, colour is never the only signal. */
export const STATUS_TONES: Record<AppointmentStatus, string> = {
  held: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  awaiting_payment: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  confirmed: 'border-success text-success',
  completed: 'border-line text-muted',
  cancelled: 'border-danger text-danger',
  expired: 'border-line text-muted',
};

export const TAB_LABELS: Record<AppointmentScope, string> = {
  upcoming: 'پیش رو',
  past: 'گذشته',
  cancelled: 'لغوشده',
};

export const EMPTY_TEXTS: Record<AppointmentScope, string> = {
  upcoming: 'نوبت پیش رویی ندارید.',
  past: 'هنوز نوبتی در گذشته ندارید.',
  cancelled: 'نوبت لغوشده‌ای ندارید.',
};
