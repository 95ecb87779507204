/**
 * The login and profile calls (spec §7): each request's valibot schema and each answer's shape,
 * written once and used by the form, the browser's client module (client/api/auth.ts) and the
 * endpoint (pages/api/auth/*, pages/api/user/*).
 */
import * as v from 'valibot';
import { GenderSchema } from '../../validation/gender.ts';
import { validationMessages as M } from '../../validation/messages.ts';
import { NationalCodeSchema } from '../../validation/national-code.ts';
import { OtpCodeSchema } from '../../validation/otp.ts';
import { BirthdaySchema, PersonNameSchema } from '../../validation/person.ts';
import { MobileSchema } from '../../validation/phone.ts';

/** An account as the API shows it (spec §3 User); the same shape in every answer. */
export interface User {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  /** National code, 10 Latin digits. */
  international_code: string;
  /** '09xxxxxxxxx' */
  phone_number: string;
  /** Gregorian 'YYYY-MM-DD'. */
  birthday: string | null;
  gender: 'male' | 'female';
  profile_path: string | null;
  /** Wallet balance in rials. */
  wallet: number;
}

/** One account a login opens: its bearer token and the account. */
export interface LoginEntry {
  token: string;
  user: User;
}

/** `POST /api/auth/login/with/phone-number`; also the popup's phone step. */
export const SendCodeSchema = v.object({ phone_number: MobileSchema });
export interface SendCodeAnswer {
  success: true;
  message: string;
}

/** `POST /api/auth/check_verification_code`. */
export const CheckCodeSchema = v.object({ code: OtpCodeSchema, phone_number: MobileSchema });
/** `register`: the phone has accounts; `data`: one entry per account. */
export interface CheckCodeAnswer {
  success: true;
  register: boolean;
  data: LoginEntry[];
}

/** The person's part of registration (spec §3 login form; gender defaults to 'female'): the popup's register step. */
export const PersonSchema = v.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  international_code: NationalCodeSchema,
  gender: GenderSchema,
});

export type PersonInput = v.InferOutput<typeof PersonSchema>;

/** `POST /api/auth/accounts` (bearer): the people of the logged-in phone, without tokens. */
export interface PhoneAccountsAnswer {
  success: true;
  data: User[];
}

/** `POST /api/auth/accounts/switch` (bearer): another person of the same phone; the caller's token dies. */
export const SwitchAccountSchema = v.object({
  user_id: v.pipe(v.number(M.required), v.integer(M.integer), v.minValue(1, M.integer), v.maxValue(Number.MAX_SAFE_INTEGER, M.integer)),
});
export interface SwitchAccountAnswer {
  success: true;
  data: LoginEntry;
}

/** `POST /api/auth/accounts/add` (bearer): a new person under the same phone, body as PersonSchema; the caller's token dies. */
export interface AddPersonAnswer {
  success: true;
  data: LoginEntry;
  /** How many accounts the phone has now. */
  accounts: number;
}

/** `POST /api/auth/register`: the phone and its checked code, and the person. */
export const RegisterSchema = v.object({ phone_number: MobileSchema, code: OtpCodeSchema, ...PersonSchema.entries });
export type RegisterBody = v.InferInput<typeof RegisterSchema> & { gender: 'male' | 'female' };
export interface RegisterAnswer {
  success: true;
  data: LoginEntry;
}

/**
 * `POST /api/user/update` (spec §7); also the profile form. `full_name` (derived) and `phone_number`
 * (changed only by logging in with another phone) may be sent and are dropped, like any other extra key.
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
export interface ProfileFields {
  first_name: string;
  last_name: string;
  international_code: string;
  birthday: string | null;
  gender: 'male' | 'female';
}

/** `POST /api/user/info` and `POST /api/user/update`. */
export interface UserAnswer {
  success: true;
  user: User;
  message?: string;
}
