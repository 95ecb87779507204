import * as v from 'valibot';
import { GenderSchema } from '../../lib/validation/gender.ts';
import { validationMessages as M } from '../../lib/validation/messages.ts';
import { NationalCodeSchema } from '../../lib/validation/national-code.ts';
import { BirthdaySchema, PersonNameSchema } from '../../lib/validation/person.ts';

/**
 * Body of `POST /api/user/update` (spec §7). `full_name` (derived) and `phone_number` (changed
 * only by logging in with another phone) may be sent and are dropped, like any other extra key.
 */
export const UpdateProfileSchema = v.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  international_code: NationalCodeSchema,
  birthday: BirthdaySchema,
  // Required here: a missing gender must not silently become the form's default («الزامی»).
  gender: v.nonOptional(GenderSchema, M.required),
});

export type UpdateProfileInput = v.InferOutput<typeof UpdateProfileSchema>;
