import * as v from 'valibot';
import { GenderSchema } from '../../lib/validation/gender.ts';
import { NationalCodeSchema } from '../../lib/validation/national-code.ts';
import { OtpCodeSchema } from '../../lib/validation/otp.ts';
import { PersonNameSchema } from '../../lib/validation/person.ts';
import { MobileSchema } from '../../lib/validation/phone.ts';

/** Body of `POST /api/auth/login/with/phone-number`. */
export const SendCodeSchema = v.object({ phone_number: MobileSchema });

/** Body of `POST /api/auth/check_verification_code`. */
export const CheckCodeSchema = v.object({ code: OtpCodeSchema, phone_number: MobileSchema });

/** Body of `POST /api/auth/register` (spec §3 login form; gender defaults to 'female'). */
export const RegisterSchema = v.object({
  phone_number: MobileSchema,
  code: OtpCodeSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  international_code: NationalCodeSchema,
  gender: GenderSchema,
});

export type RegisterBody = v.InferOutput<typeof RegisterSchema>;

/** Largest body of the auth and profile endpoints; the longest valid one is well under 1 KB. */
export const AUTH_MAX_BYTES = 4 * 1024;
