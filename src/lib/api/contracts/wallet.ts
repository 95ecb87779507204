/**
 * The wallet and payment calls (spec/api.md "Wallet and payments"): each request's valibot schema
 * and each answer's shape, written once and used by the forms, the browser's client module
 * (client/api/wallet.ts) and the endpoints (pages/api/wallet/*, pages/api/payments/*).
 */
import * as v from 'valibot';
import { IbanWithoutIRSchema } from '../../validation/bank.ts';
import { required } from '../../validation/base.ts';
import { dateTimeMessages, isIsoDate } from '../../validation/datetime.ts';
import { validationMessages as M } from '../../validation/messages.ts';
import { MIN_AMOUNT_RIAL, NumericSchema } from '../../validation/numeric.ts';
import { CHARGE_PRESETS, DEFAULT_WALLET_CHARGE_MAX, MAX_AMOUNT_RIAL, TRANSACTION_TYPES, type TransactionType } from '../../wallet/terms.ts';
import { type ListMeta, PageQuerySchema } from './list.ts';

export { CHARGE_PRESETS, DEFAULT_WALLET_CHARGE_MAX, MAX_AMOUNT_RIAL, TRANSACTION_TYPES, type TransactionType };

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PURPOSES = ['wallet_charge', 'appointment', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A whole number of rials from a number or a string in any digit set with separators. */
const RialSchema = v.pipe(NumericSchema, v.integer(M.integer), v.maxValue(MAX_AMOUNT_RIAL, 'مبلغ بیش از حد مجاز است'));

/** The message when a charge is above the configured maximum (rials shown with separators). */
export function chargeMaxMessage(max: number): string {
  return `مبلغ شارژ نباید بیشتر از ${max.toLocaleString('fa-IR')} ریال باشد`;
}

/** The pages a charge may start from; the receipt leads back there. */
export const CHARGE_RETURN_PATHS = ['/financial', '/financial/charge-wallet', '/patient-profile/charge-wallet'] as const;

/**
 * `POST /wallet/charge` `{amount, return_to?}`: min1000000 (spec §5) and at most `max` rials
 * (`WALLET_CHARGE_MAX`; the browser reads it from the page).
 */
export function chargeSchema(max: number = DEFAULT_WALLET_CHARGE_MAX) {
  return v.object({
    amount: v.pipe(RialSchema, v.minValue(MIN_AMOUNT_RIAL, M.min1000000), v.maxValue(max, chargeMaxMessage(max))),
    return_to: v.optional(v.picklist(CHARGE_RETURN_PATHS, 'صفحهٔ بازگشت معتبر نیست'), '/financial'),
  });
}
export type ChargeBody = v.InferOutput<ReturnType<typeof chargeSchema>>;
export interface ChargeAnswer {
  success: true;
  data: { payment_id: string; redirect_url: string };
}

/** `POST /wallet/withdrawals` `{amount, iban}`: iban = the 24 digits after IR (spec §5 isValidIBANWithoutIR). */
export const WithdrawalSchema = v.object({
  amount: v.pipe(RialSchema, v.minValue(1, 'مبلغ باید بیشتر از صفر باشد')),
  iban: required(IbanWithoutIRSchema),
});
export type WithdrawalBody = v.InferOutput<typeof WithdrawalSchema>;

/** The form's refusal of an amount above what the wallet can pay out now (the server refuses it too). */
export function aboveAvailableMessage(available: number): string {
  return `مبلغ برداشت از موجودی قابل برداشت (${available.toLocaleString('fa-IR')} ریال) بیشتر است`;
}

/**
 * What the withdrawal form says about a typed amount against `available` (GET /wallet) before the
 * confirmation step: undefined while it fits or is not a number yet (the schema speaks then).
 */
export function withdrawalAmountProblem(typed: string | number | undefined, available: number): string | undefined {
  const parsed = v.safeParse(RialSchema, typed);
  return parsed.success && parsed.output > available ? aboveAvailableMessage(available) : undefined;
}

/** `GET /wallet` */
export interface Wallet {
  /** available + held */
  balance: number;
  /** What the patient can spend or withdraw now. */
  available: number;
  /** Promised to pending withdrawals or payments in flight. */
  held: number;
}
export interface WalletAnswer {
  success: true;
  data: Wallet;
}

// Bounded: a Tehran day in year 1 begins in year 0 UTC and one in 9999 ends in 10000, which
// PostgreSQL's timestamps refuse; no statement reaches outside these years.
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';
const DaySchema = v.optional(
  v.pipe(
    v.string(),
    v.isoDate('تاریخ باید به شکل YYYY-MM-DD باشد'),
    v.check(isIsoDate, dateTimeMessages.noSuchDay),
    v.check((day) => day >= FIRST_DAY && day <= LAST_DAY, 'تاریخ خارج از بازهٔ مجاز است'),
  ),
);

/** Query of `GET /wallet/transactions`; `from`/`to` are Tehran calendar days, both inclusive. */
export const TransactionsQuerySchema = v.pipe(
  v.object({
    ...PageQuerySchema.entries,
    type: v.optional(v.picklist(TRANSACTION_TYPES, 'نوع تراکنش معتبر نیست')),
    from: DaySchema,
    to: DaySchema,
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, 'تاریخ پایان نباید پیش از تاریخ شروع باشد'),
    ['to'],
  ),
);
export type TransactionsQuery = v.InferOutput<typeof TransactionsQuerySchema>;

/** One wallet entry: `amount` signed (+ credit, − debit). */
export interface WalletTransaction {
  id: number;
  type: TransactionType;
  amount: number;
  balance_after: number;
  description: string;
  /** The payment id, withdrawal key, appointment or invoice key it belongs to. */
  reference: string | null;
  created_at: string;
}
export interface TransactionsAnswer {
  success: true;
  data: WalletTransaction[];
  meta: ListMeta;
}

/** `GET /payments/{payment_id}`: no personal data (the id opens it without login). */
export interface Payment {
  payment_id: string;
  status: PaymentStatus;
  amount: number;
  purpose: PaymentPurpose;
  /** The bank's reference (شماره پیگیری) once paid. */
  ref_id?: string;
  /** Masked card number, e.g. 6037-99**-****-1234. */
  card_pan?: string;
  paid_at?: string;
  /** The appointment or invoice key. */
  target?: string;
  /** Paid for an appointment or invoice that no longer waited for it: the money went to the wallet. */
  credited_to_wallet?: boolean;
  /** Paid through an invoice's public link (by someone without the account). */
  by_link?: boolean;
  /** A link payment that came after its invoice was settled: the money goes back to the card it came from. */
  returned_to_payer?: boolean;
  created_at: string;
  expires_at: string;
}
export interface PaymentAnswer {
  success: true;
  data: Payment;
}

export interface Withdrawal {
  key: string;
  amount: number;
  /** IR12 **** … 1234 */
  iban_masked: string;
  status: WithdrawalStatus;
  created_at: string;
  settled_at?: string;
  bank_reference?: string;
  /** Why the hospital rejected it. */
  reason?: string;
}
export interface WithdrawalAnswer {
  success: true;
  data: Pick<Withdrawal, 'key' | 'status'> & Partial<Withdrawal>;
}
export interface WithdrawalsAnswer {
  success: true;
  data: Withdrawal[];
  meta: ListMeta;
}
