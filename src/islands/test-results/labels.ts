import type { Flag } from '#lib/api/contracts/test-results.ts';
import type { TestResultStatus } from '#lib/test-results/terms.ts';
import { TEST_RESULT_STATUS_NAMES } from '#lib/test-results/terms.ts';

export const STATUS_LABELS: Record<TestResultStatus, string> = TEST_RESULT_STATUS_NAMES;

/** The status chip's colours: a word goes with each, colour is never the only signal. */
export const STATUS_TONES: Record<TestResultStatus, string> = {
  pending: 'border-line text-muted',
  partial: 'border-amber-700 text-amber-800 dark:border-amber-300 dark:text-amber-200',
  final: 'border-success text-success',
};

/** The word a flag is shown with (critical ones also get the direction, for screen readers and paper). */
export const FLAG_LABELS: Record<Flag, string> = {
  normal: 'طبیعی',
  low: 'پایین',
  high: 'بالا',
  critical_low: 'بحرانی',
  critical_high: 'بحرانی',
  abnormal: 'غیرطبیعی',
};

/** Said after the word of a critical flag (visually hidden on screen, printed on paper). */
export const FLAG_DIRECTIONS: Partial<Record<Flag, string>> = {
  critical_low: 'خیلی پایین',
  critical_high: 'خیلی بالا',
};

/** The arrow beside the word (vertical, so the same in both directions of text). */
export const FLAG_ARROWS: Record<Flag, string> = {
  normal: '✓',
  low: '↓',
  high: '↑',
  critical_low: '↓',
  critical_high: '↑',
  abnormal: '!',
};

export const FLAG_TONES: Record<Flag, string> = {
  normal: 'border-success/60 text-success',
  low: 'border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-100',
  high: 'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100',
  critical_low: 'border-danger bg-danger text-card',
  critical_high: 'border-danger bg-danger text-card',
  abnormal: 'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100',
};

/** The dots of a trend chart, by flag (SVG fills). */
export const FLAG_FILLS: Record<Flag, string> = {
  normal: 'fill-success',
  low: 'fill-sky-700 dark:fill-sky-300',
  high: 'fill-amber-600 dark:fill-amber-300',
  critical_low: 'fill-danger',
  critical_high: 'fill-danger',
  abnormal: 'fill-amber-600 dark:fill-amber-300',
};

export const SHARE_HOUR_LABELS = { 24: '۲۴ ساعت', 72: '۳ روز', 168: '۷ روز' } as const;

export const EMPTY_RESULTS =
  'هنوز جواب آزمایشی اینجا نیست. وقتی آزمایشگاه بیمارستان جواب شما را ثبت کند، همین‌جا می‌آید و پیامکش را هم می‌گیرید.';
