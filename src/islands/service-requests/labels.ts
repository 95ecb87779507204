import { formatPersianNumber } from '#lib/format/number.ts';
import { SERVICE_WINDOWS, type ServiceWindow } from '#lib/services/names.ts';
import { SERVICE_REQUEST_STATUS_NAMES, type ServiceRequestStatus } from '#lib/services/requests.ts';

/** The statuses' Persian names (the contract's, so chips, the timeline and the SMS agree). */
export const STATUS_LABELS: Record<ServiceRequestStatus, string> = SERVICE_REQUEST_STATUS_NAMES;

/** The chip's colours: the word goes with each, colour is never the only signal. */
export const STATUS_TONES: Record<ServiceRequestStatus, string> = {
  submitted: 'border-brand text-brand',
  reviewing: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  scheduled: 'border-sky-700 text-sky-800 dark:border-sky-300 dark:text-sky-200',
  in_progress: 'border-sky-700 text-sky-800 dark:border-sky-300 dark:text-sky-200',
  done: 'border-success text-success',
  cancelled: 'border-line text-muted',
  rejected: 'border-danger text-danger',
};

/** The order of the status filter: the way a request goes, then its two other ends. */
export const STATUS_FILTER_ORDER: readonly ServiceRequestStatus[] = ['submitted', 'reviewing', 'scheduled', 'in_progress', 'done', 'cancelled', 'rejected'];

/** «صبح (۸ تا ۱۲)» */
export function windowLabel(window: ServiceWindow): string {
  const { name, hours } = SERVICE_WINDOWS[window];
  return `${name} (${hours})`;
}

/** Who moved a request, as its timeline says. */
export const MOVED_BY = { patient: 'از سوی شما', hospital: 'از سوی بیمارستان' } as const;

/** The empty list, with and without a status filter. */
export const EMPTY_TEXT = 'هنوز درخواستی ثبت نکرده‌اید.';
export const emptyFilteredText = (status: ServiceRequestStatus) => `درخواستی با وضعیت «${STATUS_LABELS[status]}» ندارید.`;

/** The toast after a request is filed, shown on its page. */
export const REQUEST_FILED = 'درخواست شما ثبت شد. به‌زودی برای هماهنگی با شما تماس می‌گیریم.';
export const REQUEST_CANCELLED = 'درخواست لغو شد.';

/** «۳۴۰ کیلوبایت», «۲٫۴ مگابایت»: a file's size for a patient. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatPersianNumber(Math.max(1, Math.round(bytes / 1024)))} کیلوبایت`;
  return `${formatPersianNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, 1)} مگابایت`;
}

/** A file's kind in a word. */
export const fileKindText = (type: string) => (type === 'application/pdf' ? 'PDF' : 'عکس');
