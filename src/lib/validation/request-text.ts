/**
 * Free text a patient sends the hospital with a service request: the address and the notes. Both
 * refuse the forbidden words (hasWord, spec §5) of `forbidden-words.json`, a list the hospital edits.
 */
import * as v from 'valibot';
import { required, SingleLineInputSchema, stopIfInvalid, TextInputSchema } from './base.ts';
import forbidden from './forbidden-words.json' with { type: 'json' };
import { normalizeArabicLetters } from './normalize.ts';
import { hasWord, maxLength } from './text.ts';

/** The forbidden words (hasWord), as shipped in forbidden-words.json. */
export const FORBIDDEN_WORDS: readonly string[] = forbidden.words;

export const ADDRESS_MAX_LENGTH = 300;
export const NOTES_MAX_LENGTH = 500;

/**
 * The persian rule widened for addresses: Persian letters and digits plus the punctuation an
 * Iranian address needs (، - / . : «پلاک ۱۲، واحد ۳»). Latin digits are allowed (keyboards
 * differ); Latin letters are not.
 */
const ADDRESS_TEXT = /^[\u0621-\u063A\u0641-\u0652\u0654\u0670\u067E\u0686\u0698\u06A9\u06AF\u06C0\u06CC\u06F0-\u06F9\u0660-\u06690-9 \u200C()\u060C,\-/.:\u066B\u066C]*$/u;

/** True if `s` is written as an address may be (empty → true). */
export function isAddressText(s: string): boolean {
  return ADDRESS_TEXT.test(s);
}

export const addressMessages = {
  persian: 'نشانی را با حروف فارسی بنویسید (رقم و نشانه‌های ، - / . مجاز است)',
  tooShort: 'نشانی را کامل بنویسید: شهر، خیابان، کوچه و پلاک',
} as const;

/** A home address: one line, Persian (see ADDRESS_TEXT), 10–300 characters, no forbidden word. */
export const AddressSchema = required(
  v.pipe(
    SingleLineInputSchema,
    maxLength(ADDRESS_MAX_LENGTH),
    v.regex(ADDRESS_TEXT, addressMessages.persian),
    stopIfInvalid<string>(),
    hasWord(FORBIDDEN_WORDS),
    v.transform(normalizeArabicLetters),
    v.check((s) => s === '' || s.replace(/\s/g, '').length >= 10, addressMessages.tooShort),
  ),
);
export type Address = v.InferOutput<typeof AddressSchema>;

/** Notes for the hospital: any language, several lines, at most 500 characters, no forbidden word; empty allowed. */
export const NotesSchema = v.optional(v.pipe(TextInputSchema, maxLength(NOTES_MAX_LENGTH), hasWord(FORBIDDEN_WORDS), v.transform(normalizeArabicLetters)), '');
export type Notes = v.InferOutput<typeof NotesSchema>;
