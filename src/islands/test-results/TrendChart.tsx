import type { Observation } from '#lib/api/contracts/test-results.ts';
import { formatJalaliDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { FLAG_FILLS } from './labels.ts';
import { TREND_HEIGHT, trend, trendSummary } from './reading.ts';

/**
 * The earlier values of this test and this one: a small line with dots coloured by flag over the
 * shaded normal band, oldest at the start (the right) like the dates under it. Hand-drawn SVG; the
 * line is stretched to the width (its stroke is not), the dots are placed in percentages so they
 * stay round.
 */
export function TrendChart({ observation, name, collectedAt, id }: { observation: Observation; name: string; collectedAt: string; id: string }) {
  const chart = trend(observation, collectedAt);
  if (!chart) return null;
  const summary = trendSummary(name, chart);
  const first = chart.points[0]!;
  const last = chart.points.at(-1)!;
  return (
    <figure className="results-trend flex w-full max-w-md flex-col gap-1" data-trend>
      <figcaption className="text-sm font-bold text-muted">
        روند در {toPersianDigits(chart.points.length)} آزمایش
      </figcaption>
      <svg role="img" aria-labelledby={`${id}-title`} className="block w-full overflow-visible" height={TREND_HEIGHT}>
        <title id={`${id}-title`}>{summary}</title>
        <svg viewBox={`0 0 100 ${TREND_HEIGHT}`} preserveAspectRatio="none" width="100%" height={TREND_HEIGHT} aria-hidden="true">
          {chart.band && <rect x="0" y={chart.band.top} width="100" height={Math.max(0, chart.band.bottom - chart.band.top)} className="fill-success/15" />}
          <polyline
            points={chart.points.map((point) => `${point.x},${point.y}`).join(' ')}
            fill="none"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
            className="stroke-muted"
          />
        </svg>
        {chart.points.map((point, index) => (
          <circle
            key={index}
            cx={`${point.x}%`}
            cy={point.y}
            r={point.current ? 6 : 4}
            strokeWidth={point.current ? 2.5 : 1.5}
            className={`stroke-card ${FLAG_FILLS[point.flag]}`}
          />
        ))}
      </svg>
      <p className="flex justify-between gap-3 text-xs text-muted" aria-hidden="true">
        <span>{formatJalaliDate(first.collected_at)}</span>
        <span>{formatJalaliDate(last.collected_at)} (همین جواب)</span>
      </p>
    </figure>
  );
}
