/**
 * The test results' plain values (statuses and their names, the key, the share lengths), apart from
 * the contract's valibot schemas, so the list and a result's page read them without loading the rules.
 */

export const TEST_RESULT_STATUSES = ['pending', 'partial', 'final'] as const;

export type TestResultStatus = (typeof TEST_RESULT_STATUSES)[number];

export const TEST_RESULT_STATUS_NAMES: Record<TestResultStatus, string> = { pending: 'در انتظار جواب', partial: 'جواب ناقص', final: 'جواب نهایی' };

/** TR-XXXXXX. */
export const TEST_RESULT_KEY_PATTERN = /^TR-[0-9A-Z]{6}$/;

/** How long a share link may live, in hours: a day, three days, a week. */
export const SHARE_HOURS = [24, 72, 168] as const;

export type ShareHours = (typeof SHARE_HOURS)[number];
