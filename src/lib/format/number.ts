/**
 * Number formatting and parsing.
 *
 * - `formatNumber`: Latin digits with ASCII comma grouping ("1,234,567") —
 *   for places that must stay Latin (IDs, inputs, CSV, logs).
 * - `formatRial`: display form for money. Uses `Intl.NumberFormat('fa-IR')`,
 *   which yields Persian digits and the Arabic thousands separator '٬'
 *   (U+066C), e.g. "۱٬۲۳۴٬۵۶۷ ریال". Negative values get the locale's
 *   "‎−" (LRM + U+2212 minus). This string is for display only; feed it back
 *   through `parseNumber` if you ever need the value.
 * - `parseNumber`: lenient parser for user input in any digit set.
 */
import { toLatinDigits } from './digits.ts';
import { onFirstUse } from './intl.ts';

const latinFormatter = onFirstUse(() => new Intl.NumberFormat('en-US'));
const persianWhole = onFirstUse(() => new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 }));
const persianTenths = onFirstUse(() => new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 }));

/** "1,234,567" — Latin digits, comma thousands separators (up to 3 fraction digits). */
export function formatNumber(n: number | bigint): string {
  return latinFormatter().format(n);
}

/**
 * "۱٬۲۳۴٬۵۶۷" — Persian digits and separator '٬', rounded to whole units, or to one decimal
 * ("۱۲٫۵") with `fractionDigits` 1: figures whose unit the page names elsewhere.
 */
export function formatPersianNumber(n: number | bigint, fractionDigits: 0 | 1 = 0): string {
  return (fractionDigits ? persianTenths : persianWhole)().format(n);
}

/** "۱٬۲۳۴٬۵۶۷ ریال" — Persian digits, Persian separator '٬', rounded to whole rials. */
export function formatRial(n: number | bigint): string {
  return `${formatPersianNumber(n)} ریال`;
}

/** Bidi marks (LRM, RLM, ALM, embeddings/isolates) that Intl and copy/paste insert. */
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** Thousands separators: ASCII comma, Arabic thousands separator '٬'. */
const GROUP_SEPARATORS = /[,\u066C]/g;
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Parses user input such as "۱٬۲۳۴٬۵۶۷", "1,234", "٣٤٥", "۱۲٫۵" or "−۱۲".
 * Accepts Persian/Arabic-Indic/Latin digits, ',' and '٬' group separators,
 * '.' or '٫' (U+066B) as decimal separator, '-' or '−' (U+2212) as sign.
 * Returns NaN for anything else (including the empty string).
 */
export function parseNumber(s: string): number {
  const cleaned = toLatinDigits(s)
    .replace(BIDI_MARKS, '')
    .trim()
    .replace(GROUP_SEPARATORS, '')
    .replace(/\u066B/g, '.')
    .replace(/\u2212/g, '-');
  return NUMBER_PATTERN.test(cleaned) ? Number(cleaned) : Number.NaN;
}
