/**
 * How a lab value reads on screen and on paper: its number in Persian digits, its reference range in
 * words, and where it falls on the range bar and the trend chart. Pure: used by the island and by
 * the shared page's server rendering alike.
 *
 * Right to left: the range bar puts the low end at the start (the right) and the high end at the
 * end (the left), the way «۱۲ تا ۱۶» reads; the trend chart puts the oldest value at the start and
 * this result at the end, the way the dates under it read. Both are drawn in SVG, whose x runs left
 * to right, so the x of a share `p` of the way from the start is `100 − p` percent.
 */
import type { Flag, HistoryPoint, Observation, ReferenceBand } from '#lib/api/contracts/test-results.ts';
import { formatJalaliDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

const decimal = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 4 });

const COMPARED = /^([<>]=?|[≤≥])(-?\d+(?:\.\d+)?)$/;

/** «۱۰٫۹», «۲۵۰», «۱٬۲۰۰»; a censored value «<=2» as «≤۲»; any other text («Negative») as the lab wrote it. */
export function formatLabValue(value: number | string): string {
  if (typeof value === 'number') return decimal.format(value);
  const compared = COMPARED.exec(value);
  return compared ? `${compared[1]!.replace('<=', '≤').replace('>=', '≥')}${decimal.format(Number(compared[2]))}` : value;
}

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };

/**
 * A unit as printed on a lab sheet: UCUM's «10*3/uL» reads «10³/µL»; its annotations in braces are
 * not for patients: «{score}» reads «امتیاز», others («{titer}», «{cells}/uL») are dropped.
 */
export function displayUnit(unit: string): string {
  return unit
    .replace(/^\{score\}$/i, 'امتیاز')
    .replace(/\{[^}]*\}/g, '')
    .replace(/^\//, '1/')
    .replace(/\/$/, '')
    .replace(/10[*^](-?\d{1,2})/g, (_, power: string) => `10${[...power].map((c) => SUPERSCRIPT[c]).join('')}`)
    .replace(/(^|[^A-Za-z])u(?=[LlgmM](?:\b|\/|$))/g, '$1µ');
}

/**
 * The lab's own name for a test, when it tells more than our Persian name: not when the Persian
 * name already carries it («آنزیم کبدی ALT» and «ALT»).
 */
export function labNameBeside(observation: Pick<Observation, 'name' | 'name_fa'>, shown: string): string | undefined {
  if (shown === observation.name) return undefined;
  return shown.toLowerCase().includes(observation.name.toLowerCase()) ? undefined : observation.name;
}

type Range = { reference_low?: number | undefined; reference_high?: number | undefined; reference_text?: string | undefined };

/** «۱۲ تا ۱۶», «تا ۲۰۰», «دست‌کم ۴۰», the lab's text («Negative»), or undefined when there is none. */
export function rangeText(range: Range): string | undefined {
  const { reference_low: low, reference_high: high } = range;
  if (low !== undefined && high !== undefined) return `${decimal.format(low)} تا ${decimal.format(high)}`;
  if (high !== undefined) return `تا ${decimal.format(high)}`;
  if (low !== undefined) return `دست‌کم ${decimal.format(low)}`;
  return range.reference_text;
}

/** Whether a value falls in a band (its ends included). */
export const inBand = (value: number | string, band: ReferenceBand) =>
  typeof value === 'number' && (band.low === undefined || value >= band.low) && (band.high === undefined || value <= band.high);

export const isCriticalFlag = (flag: Flag) => flag === 'critical_low' || flag === 'critical_high';
/** Low-side flags: what a low value may mean is told first. */
export const isLowFlag = (flag: Flag) => flag === 'low' || flag === 'critical_low';

export type Side = 'below' | 'within' | 'above';

export interface RangeBarGeometry {
  /** The normal band, as shares (0–100) of the way from the bar's start. */
  bandFrom: number;
  bandTo: number;
  /** The value's marker, kept on the bar. */
  marker: number;
  /** The value lies beyond the bar's end and the marker is pinned there. */
  beyond: boolean;
  side: Side;
}

/** Kept to two decimals: SVG attributes stay short and sums come out even. */
const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)) * 100) / 100;

/**
 * Where a numeric value falls against its reference range: the band takes the middle half of the
 * bar (or, with one bound only, the part on its side of that bound); undefined when there is no
 * number or no numeric range to draw.
 */
export function rangeBar(observation: Pick<Observation, 'value' | 'reference_low' | 'reference_high'>): RangeBarGeometry | undefined {
  const { value, reference_low: low, reference_high: high } = observation;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  let from: number;
  let to: number;
  if (low !== undefined && high !== undefined) {
    const span = high - low || Math.abs(low) * 0.2 || 1;
    from = low - span / 2;
    to = high + span / 2;
  } else if (high !== undefined && high > 0) {
    from = Math.min(0, value);
    to = high * (4 / 3);
  } else if (low !== undefined && low > 0) {
    from = low * (2 / 3);
    to = low * 2;
  } else {
    return undefined;
  }
  const share = (x: number) => ((x - from) / (to - from)) * 100;
  const raw = share(value);
  const side: Side = low !== undefined && value < low ? 'below' : high !== undefined && value > high ? 'above' : 'within';
  return {
    bandFrom: clamp(share(low ?? from), 0, 100),
    bandTo: clamp(share(high ?? to), 0, 100),
    marker: clamp(raw, 3, 97),
    beyond: raw < 0 || raw > 100,
    side,
  };
}

const SIDE_WORDS: Record<Side, string> = { below: 'زیر محدودهٔ', within: 'در محدودهٔ', above: 'بالای محدودهٔ' };

/** «مقدار ۱۰٫۹، زیر محدودهٔ ۱۲ تا ۱۶»: what the range bar shows, in words. */
export function rangeBarLabel(observation: Observation, side: Side): string {
  return `مقدار ${formatLabValue(observation.value)}، ${SIDE_WORDS[side]} ${rangeText(observation) ?? ''}`.trim();
}

export interface TrendPoint {
  value: number;
  collected_at: string;
  flag: Flag;
  /** Share (0–100) of the chart's width from the left (SVG x). */
  x: number;
  /** Pixels from the top. */
  y: number;
  /** This result's own value (the last point). */
  current: boolean;
}

export interface TrendGeometry {
  points: TrendPoint[];
  /** The normal band's top and bottom in pixels, when the range has a bound. */
  band?: { top: number; bottom: number };
}

export const TREND_HEIGHT = 60;
const TREND_PAD = 9;
/** Room at each side for the dots, as a share of the width. */
const TREND_SIDE = 4;

/**
 * The earlier numeric values of a test and this one, oldest at the start (the right), spaced evenly;
 * undefined unless there is at least one earlier number to compare with.
 */
export function trend(observation: Observation, collectedAt: string): TrendGeometry | undefined {
  if (typeof observation.value !== 'number') return undefined;
  const earlier = observation.history.filter((point): point is HistoryPoint & { value: number } => typeof point.value === 'number' && Number.isFinite(point.value));
  if (earlier.length === 0) return undefined;
  const series = [...earlier, { value: observation.value, collected_at: collectedAt, flag: observation.flag }];
  const { reference_low: low, reference_high: high } = observation;
  const values = [...series.map((point) => point.value), ...(low !== undefined ? [low] : []), ...(high !== undefined ? [high] : [])];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max === min) {
    const pad = Math.abs(max) * 0.1 || 1;
    min -= pad;
    max += pad;
  }
  const y = (value: number) => TREND_PAD + (1 - (value - min) / (max - min)) * (TREND_HEIGHT - 2 * TREND_PAD);
  const step = (100 - 2 * TREND_SIDE) / (series.length - 1);
  const points = series.map((point, index) => ({
    value: point.value,
    collected_at: point.collected_at,
    flag: point.flag,
    x: 100 - TREND_SIDE - index * step,
    y: y(point.value),
    current: index === series.length - 1,
  }));
  const band = low !== undefined || high !== undefined ? { top: high !== undefined ? y(high) : 0, bottom: low !== undefined ? y(low) : TREND_HEIGHT } : undefined;
  return band ? { points, band } : { points };
}

/** «روند هموگلوبین در ۳ آزمایش: ۱۲٫۵ (۱ مهر ۱۴۰۵)، … ۱۰٫۹ (۲۹ آبان ۱۴۰۵، همین جواب)». */
export function trendSummary(name: string, geometry: TrendGeometry): string {
  const values = geometry.points.map((point) => `${formatLabValue(point.value)} (${formatJalaliDate(point.collected_at)}${point.current ? '، همین جواب' : ''})`);
  return `روند ${name} در ${toPersianDigits(geometry.points.length)} آزمایش: ${values.join('، ')}`;
}
