/** Input normalisation shared by the validators. */
import { toLatinDigits } from '../format/digits.ts';

/**
 * Invisible formatting characters that copy/paste and keyboards bring along and that never carry
 * meaning in a form field: soft hyphen, Arabic letter mark, Mongolian vowel separator, zero-width
 * space, LRM/RLM, bidi embeddings/overrides/isolates, word joiner and invisible operators, BOM.
 * ZWNJ (U+200C) and ZWJ (U+200D) are not in the list: ZWNJ is part of Persian spelling (می‌شود).
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Whitespace (Unicode), ZWNJ and ZWJ at either end of a value: padding, never content. */
const EDGE_PADDING = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/g;
/**
 * C0 controls other than tab, line feed and carriage return; DEL; C1 controls. No text field takes
 * them (PostgreSQL `text` cannot even store U+0000).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Tab and line breaks: allowed in multi-line text only. */
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
/** Whitespace, hyphens/dashes and parentheses people type inside phone, card and IBAN numbers. */
const NUMBER_SEPARATORS = /[\s\-\u2010-\u2015\u2212()]/g;

/**
 * True when `s` holds a control character (see CONTROL) or is not well-formed UTF-16 (a lone
 * surrogate, which JSON's `\ud800` escape can produce and no database stores as sent).
 */
export function hasControlCharacter(s: string): boolean {
  // Not String#isWellFormed: this also runs in browsers older than 2023.
  return CONTROL.test(s) || LONE_SURROGATE.test(s);
}

/** True when `s` holds a tab or a line break (LF, CR, U+2028, U+2029). */
export function hasLineBreak(s: string): boolean {
  return LINE_BREAK_OR_TAB.test(s);
}

/** Drops the invisible formatting characters (see INVISIBLE); keeps ZWNJ. */
export function stripInvisible(s: string): string {
  return s.replace(INVISIBLE, '');
}

/**
 * What every text rule starts from: invisible formatting characters dropped, then whitespace,
 * ZWNJ and ZWJ trimmed from both ends. A value made only of such characters becomes ''.
 * Digits are left as typed (the number rules convert them).
 */
export function normalizeText(s: string): string {
  return stripInvisible(s).replace(EDGE_PADDING, '');
}

/** True when `s` is empty once normalised: nothing but invisible characters, ZWNJ and whitespace. */
export function isBlank(s: string): boolean {
  return normalizeText(s) === '';
}

/** Converts Persian/Arabic-Indic digits to Latin and normalises the text (see normalizeText). */
export function normalizeDigits(s: string): string {
  return normalizeText(toLatinDigits(s));
}

/** `normalizeDigits` plus removal of spaces, dashes and parentheses: "۰۹۱۲-۱۲۳ ۴۵۶۷" → "09121234567". */
export function compactDigits(s: string): string {
  return normalizeDigits(s).replace(NUMBER_SEPARATORS, '');
}

/** Arabic yeh/kaf (ي U+064A, ك U+0643, typed by Windows' Arabic layout) → Persian ی/ک. */
export function normalizeArabicLetters(s: string): string {
  return s.replace(/\u064A/g, '\u06CC').replace(/\u0643/g, '\u06A9');
}
