import type { Observation } from '#lib/api/contracts/test-results.ts';
import { FLAG_FILLS } from './labels.ts';
import { formatLabValue, rangeBar, rangeBarLabel } from './reading.ts';

/** SVG x (from the left) of a share `p` of the way from the start of a right-to-left bar. */
const fromStart = (p: number) => `${100 - p}%`;

/**
 * A horizontal bar with the normal band and a marker where the value falls (pinned at the end when
 * it lies beyond). Low at the start (the right), high at the end, like «۱۲ تا ۱۶» reads. Drawn in
 * SVG with percentages, not inline styles (the CSP allows none), so it scales with its box.
 */
export function RangeBar({ observation }: { observation: Observation }) {
  const bar = rangeBar(observation);
  if (!bar) return null;
  const { reference_low: low, reference_high: high } = observation;
  return (
    <svg role="img" aria-label={rangeBarLabel(observation, bar.side)} className="results-bar block h-10 w-full overflow-visible" data-side={bar.side}>
      <rect x="0" y="8" width="100%" height="8" rx="4" className="fill-line" />
      <rect x={fromStart(bar.bandTo)} y="8" width={`${bar.bandTo - bar.bandFrom}%`} height="8" className="fill-success/45" />
      {low !== undefined && (
        <text x={fromStart(bar.bandFrom)} y="36" textAnchor="middle" className="fill-muted text-xs">
          {formatLabValue(low)}
        </text>
      )}
      {high !== undefined && (
        <text x={fromStart(bar.bandTo)} y="36" textAnchor="middle" className="fill-muted text-xs">
          {formatLabValue(high)}
        </text>
      )}
      <circle cx={fromStart(bar.marker)} cy="12" r="7" strokeWidth="2.5" className={`stroke-card ${FLAG_FILLS[observation.flag]}`} />
    </svg>
  );
}
