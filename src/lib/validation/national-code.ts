/** nationalCode: Iranian national code (کد ملی) with checksum. */
import * as v from 'valibot';
import { required, TextInputSchema } from './base.ts';
import { validationMessages as M } from './messages.ts';
import { compactDigits } from './normalize.ts';

function checksumOk(code: string): boolean {
  if (!/^\d{10}$/.test(code) || /^(\d)\1{9}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (code.charCodeAt(i) - 48) * (10 - i);
  const r = sum % 11;
  const check = code.charCodeAt(9) - 48;
  return r < 2 ? check === r : check === 11 - r;
}

/**
 * 10 digits, not all the same, check digit = r if r < 2 else 11 - r where
 * r = Σ d[i]·(10-i) (i = 0..8) mod 11. Persian/Arabic digits accepted.
 */
export function isValidNationalCode(s: string): boolean {
  return checksumOk(compactDigits(s));
}

/** nationalCode base rule: Latin-digit output; empty allowed. «کد ملی معتبر نیست» */
export const NationalCodeOptionalSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || isValidNationalCode(s), M.nationalCode),
    v.transform(compactDigits),
  ),
  '',
);
export type NationalCodeOptional = v.InferOutput<typeof NationalCodeOptionalSchema>;

/** National code for the API: required, valid, 10 Latin digits. */
export const NationalCodeSchema = required(NationalCodeOptionalSchema);
export type NationalCode = v.InferOutput<typeof NationalCodeSchema>;
