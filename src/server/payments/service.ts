import type { Payment, PaymentPurpose } from '#lib/api/contracts/wallet.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { newCapabilityId } from '../keys.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { lockWallet, transfer } from '../ledger/transfer.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import { walletSms } from '../wallet/messages.ts';
import { GATEWAY_MINIMUM_RIALS, GatewayError, type PaymentGateway } from './gateway.ts';
import { paymentMessages as M } from './messages.ts';
import {
  countRecentPendingLinkPayments,
  countRecentPendingPayments,
  findPayment,
  insertPayment,
  leasePendingPayments,
  markClosed,
  markCreditedToWallet,
  markPaid,
  markReturnedToPayer,
  type PaymentRow,
  setAuthority,
} from './repository.ts';

/** At most this many payments of one account may wait at the bank at once (PAYMENT_OPEN_LIMIT). */
export const DEFAULT_OPEN_PAYMENTS = 5;

export function toPayment(row: PaymentRow): Payment {
  return {
    payment_id: row.id,
    status: row.status,
    amount: row.amount,
    purpose: row.purpose,
    ...(row.refId ? { ref_id: row.refId } : {}),
    ...(row.cardPan ? { card_pan: row.cardPan } : {}),
    ...(row.paidAt ? { paid_at: row.paidAt.toISOString() } : {}),
    ...(row.target ? { target: row.target } : {}),
    ...(row.creditedToWallet ? { credited_to_wallet: true } : {}),
    ...(row.payer === 'link' ? { by_link: true } : {}),
    ...(row.returnedToPayer ? { returned_to_payer: true } : {}),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** `GET /payments/{id}`: one of the account's payments; anyone else's is not found (api.md). */
export async function paymentOfAccount(db: Db, request: { accountId: number; paymentId: string }): Promise<Payment> {
  const payment = await findPayment(db, request.paymentId);
  if (!payment || payment.accountId !== request.accountId) throw new AppError('not_found', M.notFound);
  return toPayment(payment);
}

export interface NewPaymentOrder {
  accountId: number;
  purpose: PaymentPurpose;
  amount: number;
  target?: string;
  /** Where the receipt leads back to: a path on this site. */
  returnPath: string;
  gateway: PaymentGateway['name'];
  timeoutMinutes: number;
  /** Open payments allowed per account (per invoice for a link payer); default DEFAULT_OPEN_PAYMENTS. */
  maxOpen?: number;
  /** Who pays: the account's holder (default), or anyone with an invoice's public link. */
  payer?: 'account' | 'link';
  now: Date;
}

/**
 * The payment row, written before the patient leaves for the bank, with our amount (api.md). Its id
 * carries 128 random bits: it opens /go-to-bank and the receipt without login.
 */
export async function createPayment(db: Db, order: NewPaymentOrder): Promise<PaymentRow> {
  // The pay flows split so that this never happens; a bank part the gateway would refuse is
  // refused here, before anything is held for it.
  if (order.amount < GATEWAY_MINIMUM_RIALS[order.gateway]) throw new AppError('not_acceptable', M.belowBankMinimum);
  const since = new Date(order.now.getTime() - order.timeoutMinutes * 60_000);
  return db.transaction(async (tx) => {
    // Counted under the account's wallet row lock, so 50 charges at once cannot all pass the count.
    await lockWallet(tx, order.accountId);
    const payer = order.payer ?? 'account';
    if (payer === 'link' && (order.purpose !== 'invoice' || !order.target)) throw new Error('a link payment pays an invoice');
    const open = payer === 'link' ? await countRecentPendingLinkPayments(tx, order.target ?? '', since) : await countRecentPendingPayments(tx, order.accountId, since);
    if (open >= (order.maxOpen ?? DEFAULT_OPEN_PAYMENTS)) {
      throw new AppError('rate_limited', M.tooManyOpen, { retryAfter: 60 });
    }
    return insertPayment(tx, {
      id: newCapabilityId(),
      accountId: order.accountId,
      purpose: order.purpose,
      target: order.target ?? null,
      amount: order.amount,
      gateway: order.gateway,
      returnPath: order.returnPath,
      payer,
      createdAt: order.now,
      expiresAt: new Date(order.now.getTime() + order.timeoutMinutes * 60_000),
    });
  });
}

/**
 * What a payment does once paid, inside the transaction that marks it paid. Returns false when its
 * purpose no longer applies (the hold expired, the invoice was settled): the money then goes to
 * the patient's wallet instead, and the payment says so (`credited_to_wallet`).
 */
type PaymentEffect = (tx: Db, payment: PaymentRow, now: Date) => Promise<boolean>;
/** After the paying transaction commits: the feature's messages (SMS). Never throws. */
type AfterPaid = (db: Db, payment: PaymentRow, applied: boolean, now: Date) => Promise<void>;

const creditWallet = async (tx: Db, payment: PaymentRow, now: Date): Promise<void> => {
  await transfer(tx, {
    from: SYSTEM_ACCOUNTS.gateway,
    to: { wallet: payment.accountId },
    amount: payment.amount,
    type: 'charge',
    description: creditDescription(payment),
    reference: payment.id,
    now,
  });
};

/** The statement line of money credited to the wallet: a charge, or a payment's late money. */
function creditDescription(payment: PaymentRow): string {
  return payment.purpose === 'wallet_charge' ? 'شارژ کیف پول از درگاه بانک' : `پرداخت دیرهنگام ${M.purposes[payment.purpose]}؛ به کیف پول برگشت`;
}

const chargeAfterPaid: AfterPaid = async (db, payment, _applied, now) => {
  const account = await findAccount(db, payment.accountId);
  if (account) await notify(db, { to: account.phoneNumber, text: walletSms.charged(payment.amount, await walletBalanceOf(db, payment.accountId), payment.refId ?? ''), now });
};

/** A link payment that no longer applies: the money is owed back to the card it came from, never to a wallet. */
const oweToPayer = async (tx: Db, payment: PaymentRow, now: Date): Promise<void> => {
  await transfer(tx, {
    from: SYSTEM_ACCOUNTS.gateway,
    to: SYSTEM_ACCOUNTS.payerRefunds,
    amount: payment.amount,
    type: 'payer_refund_due',
    description: `پرداخت دیرهنگام با پیوند ${M.purposes[payment.purpose]}؛ به کارت پرداخت‌کننده برمی‌گردد`,
    reference: payment.id,
    now,
  });
};

/**
 * Effects by purpose. Appointments and invoices register theirs when they land; money for a purpose
 * whose effect no longer applies (arrived after expiry) goes to the patient's wallet.
 */
const effects: Partial<Record<PaymentPurpose, { apply: PaymentEffect; afterPaid?: AfterPaid }>> = {
  wallet_charge: {
    apply: async (tx, payment, now) => {
      await creditWallet(tx, payment, now);
      return true;
    },
    afterPaid: chargeAfterPaid,
  },
};

/** Lets a feature (booking, invoices) say what its payments do once paid, and what it tells the patient after. */
export function registerPaymentEffect(purpose: Exclude<PaymentPurpose, 'wallet_charge'>, apply: PaymentEffect, afterPaid?: AfterPaid): void {
  effects[purpose] = { apply, ...(afterPaid ? { afterPaid } : {}) };
}

/**
 * Applies a verified payment exactly once: the conditional state change and its effect (a ledger
 * transfer) commit together; every other caller, concurrent or later, finds it paid and does nothing.
 * Money verified after the payment failed or expired is credited to the wallet (a link payment's
 * is owed back to the payer's card instead).
 */
async function applyPaidPayment(db: Db, id: string, verified: { refId: string; cardPan: string | null }, now: Date): Promise<boolean> {
  const applied = await db.transaction(async (tx) => {
    const marked = await markPaid(tx, id, { ...verified, paidAt: now });
    if (!marked) return undefined;
    const effect = marked.wasPending ? effects[marked.row.purpose]?.apply : undefined;
    if (effect && (await effect(tx, marked.row, now))) return { row: marked.row, applied: true };
    if (marked.row.payer === 'link') {
      await oweToPayer(tx, marked.row, now);
      return { row: await markReturnedToPayer(tx, marked.row.id), applied: false };
    }
    await creditWallet(tx, marked.row, now);
    if (marked.row.purpose === 'wallet_charge') return { row: marked.row, applied: true };
    return { row: await markCreditedToWallet(tx, marked.row.id), applied: false };
  });
  if (!applied) return false;
  try {
    await effects[applied.row.purpose]?.afterPaid?.(db, applied.row, applied.applied, now);
  } catch (error) {
    logError('Telling the patient about a payment failed', error);
  }
  return true;
}

export type BankHandOff = { kind: 'redirect'; url: string; payment: PaymentRow } | { kind: 'closed'; payment: PaymentRow } | { kind: 'unavailable'; payment: PaymentRow };

/**
 * /go-to-bank: registers the payment at the gateway (once; a reload reuses the authority) and says
 * where to send the browser. A payment that is no longer pending, or past its time, is not sent.
 */
export async function startPayment(db: Db, gateway: PaymentGateway, payment: PaymentRow, options: { callbackUrl: string; mobile?: string; now: Date }): Promise<BankHandOff> {
  if (payment.status === 'pending' && payment.expiresAt <= options.now) {
    const expired = await markClosed(db, payment.id, { status: 'expired', failure: 'expired before reaching the bank', closedAt: options.now });
    return { kind: 'closed', payment: expired ?? payment };
  }
  if (payment.status !== 'pending') return { kind: 'closed', payment };
  if (payment.authority) return { kind: 'redirect', url: gateway.bankUrl(payment.authority), payment };
  try {
    const started = await gateway.request({
      amount: payment.amount,
      description: M.purposes[payment.purpose],
      callbackUrl: options.callbackUrl,
      ...(options.mobile ? { mobile: options.mobile } : {}),
    });
    const stored = (await setAuthority(db, payment.id, started.authority)) ?? (await findPayment(db, payment.id));
    if (!stored?.authority) return { kind: 'closed', payment: stored ?? payment };
    // Two tabs raced: the first authority stored wins, and both go to it.
    return { kind: 'redirect', url: stored.authority === started.authority ? started.redirectUrl : gateway.bankUrl(stored.authority), payment: stored };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    logError('The payment gateway refused or did not answer a payment request', error);
    return { kind: 'unavailable', payment };
  }
}

/**
 * /return-bank: the gateway sent the browser back. Verified with the gateway and our amount, whatever
 * the callback says; an authority that is not this payment's changes nothing. Returns the payment as
 * it stands afterwards (undefined: no such payment).
 */
export async function completePayment(db: Db, gateway: PaymentGateway, callback: { paymentId: string; authority: string | null }, now: Date): Promise<PaymentRow | undefined> {
  const payment = await findPayment(db, callback.paymentId);
  if (!payment) return undefined;
  if (!callback.authority || !payment.authority || callback.authority !== payment.authority || payment.status === 'paid') return payment;
  const verification = await gateway.verify({ authority: payment.authority, amount: payment.amount });
  if (verification.status === 'paid') {
    await applyPaidPayment(db, payment.id, verification, now);
  } else if (verification.status === 'failed' && payment.status === 'pending') {
    await markClosed(db, payment.id, { status: 'failed', failure: `${verification.code}: ${verification.message}`.slice(0, 200), closedAt: now });
  }
  return findPayment(db, payment.id);
}

/** How long a payment may wait at the bank before the sweeper asks about it, and how often after. */
export const SWEEP_AFTER_MS = 3 * 60_000;
export const SWEEP_LEASE_MS = 60_000;

/**
 * The background sweeper: pending payments older than a few minutes (the patient closed the tab at
 * the bank) are verified; paid ones are applied, the rest expire once past their time. Safe in
 * several processes at once: each takes different rows (a lease), and applying is exactly-once anyway.
 */
export async function sweepPayments(db: Db, gateway: PaymentGateway, now: Date, limit = 20): Promise<{ checked: number; paid: number; expired: number }> {
  const leased = await leasePendingPayments(db, {
    now,
    olderThan: new Date(now.getTime() - SWEEP_AFTER_MS),
    notCheckedSince: new Date(now.getTime() - SWEEP_LEASE_MS),
    limit,
  });
  let paid = 0;
  let expired = 0;
  for (const payment of leased) {
    const verification = payment.authority ? await gateway.verify({ authority: payment.authority, amount: payment.amount }) : undefined;
    if (verification?.status === 'paid') {
      if (await applyPaidPayment(db, payment.id, verification, now)) paid++;
    } else if (verification?.status !== 'unknown' && payment.expiresAt <= now) {
      const failure = verification ? `${verification.code}: ${verification.message}` : 'never reached the bank';
      if (await markClosed(db, payment.id, { status: 'expired', failure: failure.slice(0, 200), closedAt: now })) expired++;
    }
  }
  return { checked: leased.length, paid, expired };
}
