/**
 * Formatting of number fields while the patient types: an amount grouped in thousands, an IBAN
 * grouped as the bank prints it. `reformat` keeps the caret after the same number of digits, so
 * typing, deleting or pasting in the middle never throws the caret to the end.
 */
import { toLatinDigits, toPersianDigits } from './digits.ts';

const ANY_DIGIT = /[0-9\u06F0-\u06F9\u0660-\u0669]/;
/** The digits an amount field keeps: beyond 10^14 no amount is accepted anyway. */
const AMOUNT_DIGITS = 14;
export const IBAN_DIGITS = 24;

/** The Latin digits of `s` (Persian and Arabic-Indic digits converted), everything else dropped. */
export function digitsOf(s: string): string {
  return toLatinDigits(s).replace(/\D/g, '');
}

/** «۱٬۲۵۰٬۰۰۰»: the digits of `raw` in Persian, grouped in thousands with '٬'; '' without digits. */
export function formatAmountInput(raw: string): string {
  const digits = digitsOf(raw)
    .replace(/^0+(?=\d)/, '')
    .slice(0, AMOUNT_DIGITS);
  return toPersianDigits(digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u066C'));
}

/**
 * «12 3456 7890 1234 5678 9012 34»: the 24 digits after IR, grouped as a printed IBAN (IR and the
 * check digits, then fours). A pasted «IR» or «IR12 3456 …» keeps only its digits.
 */
export function formatIbanInput(raw: string): string {
  const digits = digitsOf(raw).slice(0, IBAN_DIGITS);
  return [digits.slice(0, 2), ...(digits.slice(2).match(/\d{1,4}/g) ?? [])].filter(Boolean).join(' ');
}

/** «IR12 3456 … 34»: an IBAN body as the bank prints it. */
export function formatIban(body: string): string {
  return `IR${formatIbanInput(body)}`;
}

/** `value` reformatted by `format`, with the caret after as many digits as it had before it. */
export function reformat(value: string, caret: number, format: (raw: string) => string): { value: string; caret: number } {
  const next = format(value);
  let digitsBefore = 0;
  for (const ch of value.slice(0, caret)) if (ANY_DIGIT.test(ch)) digitsBefore++;
  let position = 0;
  for (let seen = 0; position < next.length && seen < digitsBefore; position++) {
    if (ANY_DIGIT.test(next[position]!)) seen++;
  }
  return { value: next, caret: position };
}
