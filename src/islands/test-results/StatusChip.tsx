import type { TestResultStatus } from '#lib/api/contracts/test-results.ts';
import { STATUS_LABELS, STATUS_TONES } from './labels.ts';

/** The result's status: a word in a coloured outline (colour is never the only signal). */
export function StatusChip({ status }: { status: TestResultStatus }) {
  return (
    <span className={`results-chip inline-block shrink-0 rounded-full border px-3 py-1 text-sm font-bold ${STATUS_TONES[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
