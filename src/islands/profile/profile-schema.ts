import * as v from 'valibot';
import { GenderSchema, NationalCodeSchema, PersianSchema } from '../../lib/validation/index.ts';

/** The profile form (spec §7 user/update), with the same rules as the API. */
export const ProfileFormSchema = v.object({
  first_name: PersianSchema,
  last_name: PersianSchema,
  international_code: NationalCodeSchema,
  birthday: v.optional(v.string(), ''),
  gender: GenderSchema,
});
