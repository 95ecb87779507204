import * as v from 'valibot';
import { GenderSchema, MobileSchema, NationalCodeSchema, PersonNameSchema } from '../../lib/validation/index.ts';

/** Spec §5, login form: the same rules the API applies. */
export const PhoneFormSchema = v.object({ phone_number: MobileSchema });

export const RegisterFormSchema = v.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  international_code: NationalCodeSchema,
  gender: GenderSchema,
});
