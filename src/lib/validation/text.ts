/** Text rules: onlyNumber, persian, english, minPassword, email, hasWord, maxLength. */
import * as v from 'valibot';
import { inputMessage, noControlCharacters, required, SingleLineInputSchema, stopIfInvalid, TextInputSchema } from './base.ts';
import { validationMessages as M, maxLengthMessage } from './messages.ts';
import { normalizeArabicLetters, normalizeDigits } from './normalize.ts';

const ONLY_DIGITS = /^\d*$/;

/**
 * Persian letters (incl. hamza forms ء أ ؤ إ ئ, ة, ۀ and diacritics), Arabic
 * ي/ك (normalised to ی/ک on output), Persian, Arabic-Indic and Latin digits,
 * space, ZWNJ (U+200C) and parentheses.
 */
const PERSIAN_TEXT =
  /^[\u0622\u0627\u0628\u067E\u062A\u062B\u062C\u0686\u062D\u062E\u062F\u0630\u0631\u0632\u0698\u0633\u0634\u0635\u0636\u0637\u0638\u0639\u063A\u0641\u0642\u06A9\u06AF\u0644\u0645\u0646\u0648\u0647\u06CC\u0621\u0623\u0624\u0625\u0626\u0629\u06C0\u064A\u0643\u064B-\u0652\u0654\u0670\u06F0-\u06F9\u0660-\u06690-9 \u200C()]*$/u;
const ENGLISH_TEXT = /^[A-Za-z ]*$/;

/** True if `s` contains only characters allowed by the persian rule (empty → true). */
export function isPersianText(s: string): boolean {
  return PERSIAN_TEXT.test(s);
}

/** True if `s` contains only English letters and spaces (empty → true). */
export function isEnglishText(s: string): boolean {
  return ENGLISH_TEXT.test(s);
}

/** onlyNumber: digits only; Persian/Arabic digits become Latin. Empty allowed. */
export const OnlyNumberSchema = v.optional(v.pipe(TextInputSchema, v.transform(normalizeDigits), v.regex(ONLY_DIGITS, M.onlyNumber)), '');
export type OnlyNumber = v.InferOutput<typeof OnlyNumberSchema>;

/** persianOptional: one line of Persian text (see `isPersianText`), normalised, ي/ك → ی/ک. Empty allowed. */
export const PersianOptionalSchema = v.optional(v.pipe(SingleLineInputSchema, v.regex(PERSIAN_TEXT, M.persian), v.transform(normalizeArabicLetters)), '');
export type PersianOptional = v.InferOutput<typeof PersianOptionalSchema>;

/** persian: required Persian text. */
export const PersianSchema = required(PersianOptionalSchema);
export type Persian = v.InferOutput<typeof PersianSchema>;

/** english: one line of English letters and spaces, normalised. Empty allowed. */
export const EnglishSchema = v.optional(v.pipe(SingleLineInputSchema, v.regex(ENGLISH_TEXT, M.english)), '');
export type English = v.InferOutput<typeof EnglishSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/** minPassword: required, at least 8 characters, no control characters. Not trimmed (spaces are part of a password). */
export const PasswordSchema = v.pipe(
  v.string(inputMessage),
  noControlCharacters(),
  stopIfInvalid<string>(),
  v.nonEmpty(M.required),
  stopIfInvalid<string>(),
  v.minLength(PASSWORD_MIN_LENGTH, M.minPassword),
);
export type Password = v.InferOutput<typeof PasswordSchema>;

/** email: one line, normalised; empty allowed. */
export const EmailSchema = v.optional(
  v.pipe(
    SingleLineInputSchema,
    v.check((s) => s === '' || v.EMAIL_REGEX.test(s), M.email),
  ),
  '',
);
export type Email = v.InferOutput<typeof EmailSchema>;

function foldForWordMatch(s: string): string {
  return normalizeArabicLetters(s)
    .replace(/\u200C/g, '')
    .toLowerCase();
}

/**
 * True if `text` contains any of `words` as a substring — case-insensitive,
 * with Arabic ي/ك folded to ی/ک and ZWNJ ignored. Blank words are ignored.
 */
export function containsWord(text: string, words: readonly string[]): boolean {
  const folded = foldForWordMatch(text);
  return words.some((word) => {
    const w = foldForWordMatch(word.trim());
    return w !== '' && folded.includes(w);
  });
}

/** hasWord(forbidden): pipe action failing when the text contains a forbidden word. */
export function hasWord(forbidden: readonly string[], message: string = M.forbiddenWord) {
  return v.check((s: string) => !containsWord(s, forbidden), message);
}

/** maxLength(n): pipe action, «حداکثر n کاراکتر مجاز است». */
export function maxLength(n: number) {
  return v.maxLength<string, number, string>(n, maxLengthMessage(n));
}
