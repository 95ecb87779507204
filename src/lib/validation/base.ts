/**
 * Building blocks shared by all rules.
 *
 * Convention (spec §5): format rules accept the empty string (and a missing
 * value, which becomes '') so that "is it filled in?" is decided only by the
 * `required` rule. Wrap any of them with `required(...)` to make it
 * mandatory. Exceptions, required by themselves: PersianSchema,
 * PasswordSchema, the numeric schemas, MobileSchema, NationalCodeSchema,
 * OtpCodeSchema.
 *
 * Order of every text rule: refuse control characters, normalise (drop
 * invisible formatting characters, trim whitespace and ZWNJ at the ends —
 * see `normalizeText`), then decide "required", then check the format. So a
 * value made only of invisible characters is empty, never a stored ''.
 *
 * Line breaks, decided per rule:
 * - single-line text (persian, english, email, names): a tab or line break
 *   left inside once the ends are trimmed → «لطفاً متن را در یک سطر بنویسید»;
 * - number rules (phone, national code, card, IBAN, OTP): whitespace of any
 *   kind is a separator and is removed, so their output never holds one;
 * - `RequiredSchema` and `TextInputSchema` on their own allow multi-line text
 *   (for text areas); control characters other than tab/LF/CR are refused
 *   everywhere («متن واردشده نویسه‌های نامعتبر دارد»).
 */
import * as v from 'valibot';
import { validationMessages as M } from './messages.ts';
import { hasControlCharacter, hasLineBreak, normalizeText } from './normalize.ts';

/** Message for a value of the wrong type: missing (undefined/null) → «الزامی», anything else → «معتبر نیست». */
export function inputMessage(issue: v.BaseIssue<unknown>): string {
  return issue.input === undefined || issue.input === null ? M.required : M.invalidValue;
}

/**
 * Pipe gate: valibot keeps running validations after one fails but stops at
 * the next transformation. Put this between rules so a value gets one
 * message (e.g. «الزامی» and not also «دست‌کم ۸ کاراکتر»).
 */
export function stopIfInvalid<T>() {
  return v.transform<T, T>((value) => value);
}

/** Pipe action: refuses C0/C1 control characters other than tab, LF and CR, and lone surrogates. */
export function noControlCharacters(message: string = M.controlCharacter) {
  return v.check((s: string) => !hasControlCharacter(s), message);
}

/** Pipe action: refuses a tab or line break (for single-line fields; run it after trimming). */
export function singleLine(message: string = M.singleLine) {
  return v.check((s: string) => !hasLineBreak(s), message);
}

/**
 * Any text from a user, multi-line allowed: a string, no control characters, normalised
 * (invisible characters dropped, ends trimmed). Empty allowed.
 */
export const TextInputSchema = v.pipe(v.string(inputMessage), noControlCharacters(), stopIfInvalid<string>(), v.transform(normalizeText));

/** TextInputSchema on one line: no tab or line break inside. Empty allowed. */
export const SingleLineInputSchema = v.pipe(TextInputSchema, singleLine(), stopIfInvalid<string>());

/** required: a string that is not blank once normalised (see TextInputSchema). «این فیلد الزامی است» */
export const RequiredSchema = v.pipe(TextInputSchema, v.nonEmpty(M.required));
export type Required = v.InferOutput<typeof RequiredSchema>;

/** True for an output that says "nothing given". */
function isFilled(value: unknown): boolean {
  return value !== '' && value !== null && value !== undefined;
}

/**
 * Makes an empty-allowed rule mandatory: `required(PhoneSchema)`.
 * The value is normalised and must be non-blank before `schema` runs, and
 * `schema` must not turn it into '' either.
 */
export function required<const TSchema extends v.GenericSchema<string | undefined, unknown>>(schema: TSchema) {
  // A schema that accepts `string | undefined` also accepts `string`; valibot's
  // input typing is covariant, hence the cast.
  return v.pipe(
    RequiredSchema,
    schema as unknown as v.GenericSchema<string, v.InferOutput<TSchema>>,
    stopIfInvalid<v.InferOutput<TSchema>>(),
    v.check<v.InferOutput<TSchema>, string>(isFilled, M.required),
  );
}
