import * as v from 'valibot';
import { BirthdaySchema, GenderSchema, NationalCodeSchema, PersonNameSchema } from '../../lib/validation/index.ts';

/** The profile form (spec §7 user/update), with the same rules as the API. */
export const ProfileFormSchema = v.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  international_code: NationalCodeSchema,
  birthday: BirthdaySchema,
  gender: GenderSchema,
});
