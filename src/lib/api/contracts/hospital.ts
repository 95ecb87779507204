/**
 * The hospital side's calls (spec/api.md "Hospital side", `/api/hospital/v1`): the scopes a key
 * may hold and each call's valibot schema, used by the endpoints, their OpenAPI document and
 * `npm run hospital`.
 */
import * as v from 'valibot';
import { SingleLineInputSchema, inputMessage, required } from '../../validation/base.ts';
import { normalizeDigits } from '../../validation/normalize.ts';
import { maxLengthMessage } from '../../validation/messages.ts';
import { PageQuerySchema, WITHDRAWAL_STATUSES } from './wallet.ts';

export const HOSPITAL_SCOPES = ['appointments', 'service-requests', 'invoices', 'test-results', 'withdrawals'] as const;
export type HospitalScope = (typeof HOSPITAL_SCOPES)[number];

/** The base path of the hospital API. */
export const HOSPITAL_API_BASE = '/api/hospital/v1';

/** `GET /withdrawals?status=&page=&per_page=` (oldest first: the order to pay them in). */
export const HospitalWithdrawalsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(v.picklist(WITHDRAWAL_STATUSES, 'وضعیت باید یکی از pending، paid، rejected یا cancelled باشد')),
});
export type HospitalWithdrawalsQuery = v.InferOutput<typeof HospitalWithdrawalsQuerySchema>;

export const BANK_REFERENCE_MAX = 64;
export const REJECT_REASON_MAX = 500;
const PRINTABLE_ASCII = /^[\x21-\x7E]+(?: [\x21-\x7E]+)*$/;
const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

// Each text field opens with the rules a client can read in the OpenAPI document (its input side,
// up to the first transformation); normalising never lengthens a text, so the limit holds after it.

/** `POST /withdrawals/{key}/paid` `{bank_reference}`: the bank's transfer reference, 1–64 printable characters (Persian digits become Latin). */
export const WithdrawalPaidSchema = v.object({
  bank_reference: v.pipe(
    v.string(inputMessage),
    v.description('The bank transfer reference (شماره پیگیری): printable ASCII; Persian digits are read as Latin ones.'),
    v.maxLength(BANK_REFERENCE_MAX, maxLengthMessage(BANK_REFERENCE_MAX)),
    required(SingleLineInputSchema),
    v.transform(normalizeDigits),
    v.regex(PRINTABLE_ASCII, 'شمارهٔ پیگیری فقط حرف لاتین، رقم و نشانه‌های چاپی می‌پذیرد'),
  ),
});
export type WithdrawalPaidBody = v.InferOutput<typeof WithdrawalPaidSchema>;

/** `POST /withdrawals/{key}/reject` `{reason}`: told to the patient by SMS, so Persian, one line, at most 500 characters. */
export const WithdrawalRejectSchema = v.object({
  reason: v.pipe(
    v.string(inputMessage),
    v.description('Why the withdrawal is refused, in Persian, one line; sent to the patient by SMS.'),
    v.maxLength(REJECT_REASON_MAX, maxLengthMessage(REJECT_REASON_MAX)),
    required(SingleLineInputSchema),
    v.regex(PERSIAN_LETTER, 'علت را به فارسی بنویسید؛ برای بیمار پیامک می‌شود'),
  ),
});
export type WithdrawalRejectBody = v.InferOutput<typeof WithdrawalRejectSchema>;

/** An answer's `data` for a withdrawal, as the hospital sees it (the whole IBAN and the holder, to pay it). */
export const HospitalWithdrawalSchema = v.object({
  key: v.string(),
  /** Rials. */
  amount: v.pipe(v.number(), v.integer()),
  /** 24 digits, without IR. */
  iban: v.pipe(v.string(), v.regex(/^\d{24}$/)),
  /** The patient's full name. */
  holder: v.string(),
  phone_number: v.string(),
  status: v.picklist(WITHDRAWAL_STATUSES),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  settled_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  bank_reference: v.optional(v.string()),
  reason: v.optional(v.string()),
});

/** `GET /ledger/check`: the ledger's consistency. */
export const LedgerCheckSchema = v.object({
  /** True when all balances sum to zero, every cached balance equals its entries, and no wallet is below zero. */
  ok: v.boolean(),
  accounts: v.pipe(v.number(), v.integer()),
  transfers: v.pipe(v.number(), v.integer()),
  /** The sum of all balances (0 when consistent). */
  sum: v.pipe(v.number(), v.integer()),
  mismatches: v.array(v.object({ account: v.string(), cached: v.pipe(v.number(), v.integer()), entries: v.pipe(v.number(), v.integer()) })),
});
