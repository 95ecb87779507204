/** A person's name and date of birth, as the registration and profile forms take them. */
import * as v from 'valibot';
import { toTehranIsoDate } from '../format/date.ts';
import { stopIfInvalid, TextInputSchema } from './base.ts';
import { isIsoDate } from './datetime.ts';
import { validationMessages as M } from './messages.ts';
import { normalizeDigits } from './normalize.ts';
import { maxLength, PersianSchema } from './text.ts';

export const NAME_MAX_LENGTH = 50;

/** First or last name: required Persian text (see PersianSchema), at most 50 characters. */
export const PersonNameSchema = v.pipe(PersianSchema, maxLength(NAME_MAX_LENGTH));
export type PersonName = v.InferOutput<typeof PersonNameSchema>;

/** 1300/01/01 in the Jalali calendar: the first year the date picker offers (spec §9). */
export const BIRTHDAY_MIN = '1921-03-21';

/** Lives with the other calendar rules; kept here for the forms that import it with the birthday. */
export { isIsoDate };

/**
 * birthday: a Gregorian 'YYYY-MM-DD' from 1921-03-21 (Jalali 1300/01/01) up to today in Tehran.
 * Missing, null or '' mean "not given" and become null. «تاریخ تولد معتبر نیست»
 */
export const BirthdaySchema = v.optional(
  v.nullable(
    v.pipe(
      TextInputSchema,
      v.transform(normalizeDigits),
      v.check((s) => s === '' || isIsoDate(s), M.birthday),
      stopIfInvalid<string>(),
      v.check((s) => s === '' || (s >= BIRTHDAY_MIN && s <= toTehranIsoDate(new Date())), M.birthdayRange),
      v.transform((s) => (s === '' ? null : s)),
    ),
  ),
  null,
);
export type Birthday = v.InferOutput<typeof BirthdaySchema>;
