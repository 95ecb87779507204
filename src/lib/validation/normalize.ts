/** Input normalisation shared by the validators. */
import { toLatinDigits } from '../format/digits.ts';

/** Invisible formatting characters (ZWSP, LRM/RLM, ALM, embeddings, isolates, BOM) that copy/paste brings along. */
const INVISIBLE = /[\u200B\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\uFEFF]/g;
/** Whitespace, hyphens/dashes and parentheses people type inside phone, card and IBAN numbers. */
const NUMBER_SEPARATORS = /[\s\-\u2010-\u2015\u2212()]/g;

/** Converts Persian/Arabic-Indic digits to Latin, drops invisible bidi marks and trims. */
export function normalizeDigits(s: string): string {
  return toLatinDigits(s).replace(INVISIBLE, '').trim();
}

/** `normalizeDigits` plus removal of spaces, dashes and parentheses: "۰۹۱۲-۱۲۳ ۴۵۶۷" → "09121234567". */
export function compactDigits(s: string): string {
  return normalizeDigits(s).replace(NUMBER_SEPARATORS, '');
}

/** Arabic yeh/kaf (ي U+064A, ك U+0643, typed by Windows' Arabic layout) → Persian ی/ک. */
export function normalizeArabicLetters(s: string): string {
  return s.replace(/\u064A/g, '\u06CC').replace(/\u0643/g, '\u06A9');
}
