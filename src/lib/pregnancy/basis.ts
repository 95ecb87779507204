import type { DateBasis } from './calculator.ts';

/**
 * The two starting points of the calculator, as its choice and its date field name them. Shared
 * with src/client/shell/pregnancy-summary.ts, which shows a remembered date before the form hydrates.
 */
export const BASIS_LABELS: Record<DateBasis, string> = {
  lmp: 'اولین روز آخرین قاعدگی',
  due: 'تاریخ احتمالی زایمان',
};

/** The calculator's date field (JalaliDateField id). */
export const PREGNANCY_DATE_FIELD = 'pregnancy-date';
/** The name of the calculator's basis radios. */
export const PREGNANCY_BASIS_NAME = 'pregnancy-basis';
