/**
 * Pregnancy dates, counted as obstetrics does: from the first day of the last menstrual period
 * (LMP); the due date is 280 days (40 weeks) after it. Dates are calendar days 'YYYY-MM-DD'
 * (Gregorian, Latin digits), computed in UTC so no time zone or clock change can shift a day.
 */
export const PREGNANCY_DAYS = 280;
/** Beyond 42 weeks a date is almost surely mistyped. */
export const MAX_PREGNANCY_DAYS = 42 * 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export type DateBasis = 'lmp' | 'due';

export interface PregnancyStatus {
  lmp: string;
  dueDate: string;
  /** Completed weeks and days since the LMP: «۱۲ هفته و ۳ روز» is week 12 + 3 days. */
  weeks: number;
  days: number;
  /** The timeline week the mother is in (1–40): completed weeks + 1, capped at 40. */
  currentWeek: number;
  daysToGo: number;
}

export type PregnancyResult = { ok: true; status: PregnancyStatus } | { ok: false; reason: 'future-lmp' | 'too-long' | 'past-due-date' };

function toDay(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return fromDay(toDay(iso) + days);
}

/** Where a pregnancy stands on `today`, from the LMP or from the due date. */
export function pregnancyStatus(basis: DateBasis, date: string, today: string): PregnancyResult {
  const lmp = basis === 'lmp' ? date : addDays(date, -PREGNANCY_DAYS);
  const elapsed = toDay(today) - toDay(lmp);
  if (elapsed < 0) return { ok: false, reason: basis === 'lmp' ? 'future-lmp' : 'too-long' };
  if (elapsed > MAX_PREGNANCY_DAYS) return { ok: false, reason: basis === 'lmp' ? 'too-long' : 'past-due-date' };
  const weeks = Math.floor(elapsed / 7);
  return {
    ok: true,
    status: {
      lmp,
      dueDate: addDays(lmp, PREGNANCY_DAYS),
      weeks,
      days: elapsed % 7,
      currentWeek: Math.min(40, weeks + 1),
      daysToGo: Math.max(0, PREGNANCY_DAYS - elapsed),
    },
  };
}

/** Persian explanations of a date the calculator cannot use. */
export const pregnancyDateProblems: Record<Exclude<PregnancyResult, { ok: true }>['reason'], string> = {
  'future-lmp': 'تاریخ اولین روز آخرین قاعدگی نمی‌تواند در آینده باشد.',
  'too-long': 'این تاریخ بیش از ۴۲ هفته بارداری را نشان می‌دهد؛ لطفاً تاریخ را دوباره بررسی کنید.',
  'past-due-date': 'این تاریخ زایمان بیش از دو هفته گذشته است؛ لطفاً تاریخ را دوباره بررسی کنید.',
};
