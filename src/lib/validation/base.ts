/**
 * Building blocks shared by all rules.
 *
 * Convention (spec §5): format rules accept the empty string (and a missing
 * value, which becomes '') so that "is it filled in?" is decided only by the
 * `required` rule. Wrap any of them with `required(...)` to make it
 * mandatory. Exceptions, required by themselves: PersianSchema,
 * PasswordSchema, the numeric schemas, MobileSchema, NationalCodeSchema,
 * OtpCodeSchema.
 */
import * as v from 'valibot';
import { validationMessages as M } from './messages.ts';

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

/** required: a non-blank string, trimmed. «این فیلد الزامی است» */
export const RequiredSchema = v.pipe(v.string(inputMessage), v.trim(), v.nonEmpty(M.required));
export type Required = v.InferOutput<typeof RequiredSchema>;

/**
 * Makes an empty-allowed rule mandatory: `required(PhoneSchema)`.
 * The value is trimmed and must be non-blank before `schema` runs.
 */
export function required<const TSchema extends v.GenericSchema<string | undefined, unknown>>(
  schema: TSchema,
) {
  // A schema that accepts `string | undefined` also accepts `string`; valibot's
  // input typing is covariant, hence the cast.
  return v.pipe(RequiredSchema, schema as unknown as v.GenericSchema<string, v.InferOutput<TSchema>>);
}
