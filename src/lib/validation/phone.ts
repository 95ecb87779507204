/**
 * Phone rules: phone (Iranian mobile), phoneAndHomePhone, homePhone.
 * Digits may be Persian/Arabic; spaces (line breaks too), dashes and parentheses are ignored.
 * Emptiness is judged on the value before the separators go: "--" is not a phone, not ''.
 */
import * as v from 'valibot';
import { required, TextInputSchema } from './base.ts';
import { validationMessages as M } from './messages.ts';
import { compactDigits } from './normalize.ts';

/** Optional +98, 0098 or 0 prefix, then 9 and 9 more digits. */
const MOBILE = /^(?:\+98|0098|0)?(9\d{9})$/;
/** 0 + 2-digit area code (first digit 1-8) + 8-digit number = 11 digits, e.g. 02188776655. */
const LANDLINE = /^0[1-8]\d{9}$/;

/** Canonical mobile '09xxxxxxxxx', or null if `s` is not an Iranian mobile number. */
export function normalizePhone(s: string): string | null {
  const match = MOBILE.exec(compactDigits(s));
  return match ? `0${match[1]}` : null;
}

export function isValidIranianMobile(s: string): boolean {
  return normalizePhone(s) !== null;
}

export function isValidLandline(s: string): boolean {
  return LANDLINE.test(compactDigits(s));
}

/** phone: Iranian mobile, output canonical 09…; empty allowed. «شماره موبایل معتبر نیست» */
export const PhoneSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || normalizePhone(s) !== null, M.phone),
    v.transform((s) => (s === '' ? '' : (normalizePhone(s) ?? s))),
  ),
  '',
);
export type Phone = v.InferOutput<typeof PhoneSchema>;

/** Mobile for the API: required, valid, canonical '09xxxxxxxxx'. */
export const MobileSchema = required(PhoneSchema);
export type Mobile = v.InferOutput<typeof MobileSchema>;

/** homePhone: landline 0 + area code + number (11 digits), compacted; empty allowed. */
export const HomePhoneSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || isValidLandline(s), M.homePhone),
    v.transform(compactDigits),
  ),
  '',
);
export type HomePhone = v.InferOutput<typeof HomePhoneSchema>;

/**
 * phoneAndHomePhone: a mobile (canonicalised to 09…; the +98/0098 forms are
 * accepted too) or a landline; empty allowed.
 */
export const PhoneAndHomePhoneSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || isValidIranianMobile(s) || isValidLandline(s), M.phoneAndHomePhone),
    v.transform((s) => normalizePhone(s) ?? compactDigits(s)),
  ),
  '',
);
export type PhoneAndHomePhone = v.InferOutput<typeof PhoneAndHomePhoneSchema>;
