/** Bank rules: isValidCardNumber (16 digits + Luhn), isValidIBANWithoutIR (24 digits + ISO 7064 mod 97). */
import * as v from 'valibot';
import { stopIfInvalid, TextInputSchema } from './base.ts';
import { validationMessages as M } from './messages.ts';
import { compactDigits } from './normalize.ts';

const CARD = /^\d{16}$/;
const IBAN_BODY = /^\d{24}$/;

/** Luhn checksum over a string of Latin digits (false for empty or non-digit input). */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 16 digits (spaces/dashes and Persian digits tolerated) with a valid Luhn checksum. */
export function isValidCardNumber(s: string): boolean {
  const card = compactDigits(s);
  return CARD.test(card) && luhn(card);
}

/** ISO 7064 mod 97 of an IBAN ('IR' + 24 digits): 1 means valid. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // 0-9 stay, A-Z → 10-35 (I = 18, R = 27).
    const value = code <= 57 ? String(code - 48) : String(code - 55);
    for (const digit of value) rem = (rem * 10 + digit.charCodeAt(0) - 48) % 97;
  }
  return rem;
}

/** Strips an 'IR' someone pasted in front of the 24 digits. */
function ibanBody(s: string): string {
  return compactDigits(s).replace(/^ir/i, '');
}

/** Iranian IBAN (شبا), with or without the leading 'IR': 24 digits and mod 97 == 1. */
export function isValidIban(s: string): boolean {
  const body = ibanBody(s);
  return IBAN_BODY.test(body) && ibanMod97(`IR${body}`) === 1;
}

/**
 * isValidCardNumber: output 16 Latin digits; empty allowed.
 * «شماره کارت معتبر نیست» (not 16 digits) / «شماره کارت نادرست است» (Luhn).
 */
export const CardNumberSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || CARD.test(compactDigits(s)), M.cardNumberFormat),
    stopIfInvalid<string>(),
    v.transform(compactDigits),
    v.check((s) => !CARD.test(s) || luhn(s), M.cardNumberChecksum),
  ),
  '',
);
export type CardNumber = v.InferOutput<typeof CardNumberSchema>;

/**
 * isValidIBANWithoutIR: the 24 digits after 'IR' (a pasted 'IR' is dropped);
 * output 24 Latin digits; empty allowed.
 * «شماره شبا باید ۲۴ رقم باشد» / «شماره شبا معتبر نیست» (checksum).
 */
export const IbanWithoutIRSchema = v.optional(
  v.pipe(
    TextInputSchema,
    v.check((s) => s === '' || IBAN_BODY.test(ibanBody(s)), M.ibanLength),
    stopIfInvalid<string>(),
    v.transform(ibanBody),
    v.check((s) => !IBAN_BODY.test(s) || ibanMod97(`IR${s}`) === 1, M.ibanInvalid),
  ),
  '',
);
export type IbanWithoutIR = v.InferOutput<typeof IbanWithoutIRSchema>;
