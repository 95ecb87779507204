/**
 * The tracking code of an Iranian e-prescription (کد رهگیری نسخهٔ الکترونیک): what the doctor's
 * system gives the patient to hand the pharmacy or the hospital instead of a paper prescription.
 * The insurers' systems (Salamat, Tamin, the armed forces') print short codes — usually 4 to 6
 * digits, some with Latin letters, some a longer number — so the rule is permissive but bounded:
 * 4 to 16 Latin letters or digits once spaces and dashes are dropped; Persian digits are taken as
 * Latin, letters are kept upper-case. Optional: empty is allowed.
 */
import * as v from 'valibot';
import { stopIfInvalid, TextInputSchema } from './base.ts';
import { compactDigits } from './normalize.ts';

export const PRESCRIPTION_CODE_MIN = 4;
export const PRESCRIPTION_CODE_MAX = 16;

export const prescriptionCodeMessages = {
  format: 'کد رهگیری نسخه باید ۴ تا ۱۶ رقم یا حرف لاتین باشد (مثل ۱۲۳۴۵)',
} as const;

const CODE = new RegExp(`^[0-9A-Z]{${PRESCRIPTION_CODE_MIN},${PRESCRIPTION_CODE_MAX}}$`);

/** The code as stored: digits in Latin, letters upper-case, no spaces or dashes. */
export function normalizePrescriptionCode(s: string): string {
  return compactDigits(s).toUpperCase();
}

/** True for a well-formed tracking code (after normalizePrescriptionCode), or an empty one. */
export function isPrescriptionCode(s: string): boolean {
  const code = normalizePrescriptionCode(s);
  return code === '' || CODE.test(code);
}

/** An e-prescription tracking code, optional (see the module's comment); output normalised. */
export const PrescriptionCodeSchema = v.optional(
  v.pipe(
    TextInputSchema,
    // Bounded before it is worked on: a pasted paragraph is refused, not scanned.
    v.maxLength(64, prescriptionCodeMessages.format),
    stopIfInvalid<string>(),
    v.transform(normalizePrescriptionCode),
    v.check((s) => s === '' || CODE.test(s), prescriptionCodeMessages.format),
  ),
  '',
);
export type PrescriptionCode = v.InferOutput<typeof PrescriptionCodeSchema>;
