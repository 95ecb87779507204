/**
 * Flags of lab values: the lab's own flag when it sent one; otherwise computed
 * from the reference range and, when our explanation of the test gives them in the same unit, the
 * critical limits. Runs on the server when a result is filed; the pages only show the outcome.
 */
import type { Flag, FlagSource } from '../api/contracts/test-results.ts';

export interface Judged {
  value: number | string;
  reference_low?: number | undefined;
  reference_high?: number | undefined;
  reference_text?: string | undefined;
  flag?: Flag | undefined;
}

/** Critical (panic) limits in the value's unit. */
export interface CriticalLimits {
  low?: number | undefined;
  high?: number | undefined;
}

/** Text values compared loosely: case, spaces and a trailing full stop do not count. */
const loose = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');

/** Words a lab writes for "nothing found" in a qualitative test (urinalysis). */
const NEGATIVE = new Set(['negative', 'neg', 'nil', 'none', 'not detected', 'normal', 'منفی', 'ندارد', 'نرمال']);

export function computeFlag(observation: Judged, critical: CriticalLimits = {}): { flag: Flag; source: FlagSource } {
  if (observation.flag) return { flag: observation.flag, source: 'lab' };
  const { value, reference_low: low, reference_high: high, reference_text: text } = observation;
  if (typeof value === 'number') {
    if (critical.low !== undefined && value < critical.low) return { flag: 'critical_low', source: 'range' };
    if (critical.high !== undefined && value > critical.high) return { flag: 'critical_high', source: 'range' };
    if (low !== undefined && value < low) return { flag: 'low', source: 'range' };
    if (high !== undefined && value > high) return { flag: 'high', source: 'range' };
    if (low !== undefined || high !== undefined) return { flag: 'normal', source: 'range' };
    return { flag: 'normal', source: 'none' };
  }
  if (text) {
    const expected = loose(text);
    const found = loose(value);
    if (found === expected || (NEGATIVE.has(expected) && NEGATIVE.has(found))) return { flag: 'normal', source: 'range' };
    return { flag: 'abnormal', source: 'range' };
  }
  return { flag: 'normal', source: 'none' };
}

export const isCritical = (flag: Flag) => flag === 'critical_low' || flag === 'critical_high';
export const isOutOfRange = (flag: Flag) => flag !== 'normal';
