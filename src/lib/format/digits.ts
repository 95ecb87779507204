/**
 * Digit conversion between Persian (۰-۹, U+06F0–U+06F9), Arabic-Indic
 * (٠-٩, U+0660–U+0669) and Latin (0-9) digits.
 *
 * Input from Persian keyboards (and from Windows' Arabic layout) arrives with
 * non-Latin digits; every validator converts to Latin first so stored/API
 * values are always Latin. Display code converts back with `toPersianDigits`.
 */

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;
const NON_LATIN_DIGIT = /[\u06F0-\u06F9\u0660-\u0669]/g;
const LATIN_DIGIT = /[0-9]/g;

/** Converts Persian and Arabic-Indic digits to Latin digits; other characters are kept. */
export function toLatinDigits(s: string): string {
  return s.replace(NON_LATIN_DIGIT, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String.fromCharCode(0x30 + code - zero);
  });
}

/** Converts Latin digits to Persian digits (۰-۹). Numbers are stringified with `String(n)` (no grouping). */
export function toPersianDigits(s: string | number): string {
  return String(s).replace(LATIN_DIGIT, (ch) => String.fromCharCode(PERSIAN_ZERO + ch.charCodeAt(0) - 0x30));
}
