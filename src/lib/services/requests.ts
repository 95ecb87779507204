/**
 * The service requests' plain values (statuses and their names, the key, the horizon, the files'
 * limits), apart from the contract's valibot schemas, so the lists and a request's page read them
 * without loading the rules.
 */

export const SERVICE_REQUEST_STATUSES = ['submitted', 'reviewing', 'scheduled', 'in_progress', 'done', 'cancelled', 'rejected'] as const;

export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** Persian names of the statuses, for chips, the timeline and SMS. */
export const SERVICE_REQUEST_STATUS_NAMES: Record<ServiceRequestStatus, string> = {
  submitted: 'ثبت شده',
  reviewing: 'در حال بررسی',
  scheduled: 'زمان‌بندی شده',
  in_progress: 'در حال انجام',
  done: 'انجام شده',
  cancelled: 'لغو شده',
  rejected: 'رد شده',
};

/** SR-XXXXXX. */
export const SERVICE_REQUEST_KEY_PATTERN = /^SR-[0-9A-Z]{6}$/;

/** How far ahead a visit may be asked for. */
export const SERVICE_REQUEST_HORIZON_DAYS = 60;

/** Files a request may carry (the prescription's photos or PDF, a referral). */
export const REQUEST_FILES_MAX = 3;

/** Largest file accepted, in bytes (a phone's photo of a page is 2–4 MB). */
export const REQUEST_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The types accepted, recognised by their first bytes, never by the name or the browser's word. */
export const REQUEST_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export type RequestFileType = (typeof REQUEST_FILE_TYPES)[number];
