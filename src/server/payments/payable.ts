/**
 * One pay workflow for everything a patient pays from the wallet first and the bank for the rest
 * (appointments, invoices, and what comes later). A feature describes its row through a `Payable`
 * port; this module does the money: the split, the wallet part set aside ("holds"), the bank
 * payment, and giving the set-aside money back. What a paid bank payment does stays with the
 * feature, through the payment-effect registry (`registerPaymentEffect`). This module never
 * imports a feature.
 */
import type { PaymentPurpose } from '#lib/api/contracts/wallet.ts';
import { splitPayment } from '#lib/wallet/payment-split.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { ensureJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import { SYSTEM_ACCOUNTS, type SystemAccount } from '../ledger/accounts.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { lockWallet, transfer } from '../ledger/transfer.ts';
import { logError } from '../log.ts';
import { GATEWAY_MINIMUM_RIALS, type PaymentGateway } from './gateway.ts';
import { paymentMessages } from './messages.ts';
import { findPayment, type PaymentRow } from './repository.ts';
import { createPayment } from './service.ts';

/** The columns every payable row has: its owner, its key, the wallet money set aside, the open bank payment. */
export interface PayableRow {
  id: number;
  accountId: number;
  key: string;
  paidFromWallet: number;
  paymentId: string | null;
}

/** Where a row stands when the patient asks to pay it. */
export type PayableStanding = 'settled' | 'open' | 'lapsed';

/** The statement lines of a payable's wallet money. */
export interface PayableStatement {
  /** The wallet paid the whole of it. */
  paid: (key: string) => string;
  /** The wallet part set aside while the bank pays the rest. */
  heldForBank: (key: string) => string;
  /** The set-aside wallet part given back. */
  released: (key: string) => string;
}

/** What a feature tells the workflow about its rows; built per request (it may carry settings). */
export interface Payable<Row extends PayableRow> {
  /** The payments' purpose; its effect once the bank pays is the feature's `registerPaymentEffect`. */
  purpose: Exclude<PaymentPurpose, 'wallet_charge'>;
  /** Where wallet money waits while the bank pays the rest, and comes back from. */
  holds: SystemAccount;
  /** Where wallet money goes when it pays the whole amount (the feature's `settle` moves it on if needed). */
  paidInto: SystemAccount;
  statement: PayableStatement;
  /** The 404 message of a row that is not the caller's. */
  notFound: string;
  /** Locks the caller's row (the caller already holds the wallet's lock); undefined when it is not theirs. */
  lockOf: (tx: Db, accountId: number, key: string) => Promise<Row | undefined>;
  /** Settled (nothing to pay), open, or lapsed; throws the feature's conflict when it cannot be paid. */
  standing: (row: Row, now: Date) => PayableStanding;
  /** Ends a lapsed row (its wallet money goes back); called before `standing`'s 'lapsed' is answered. */
  lapse?: (tx: Db, row: Row, now: Date) => Promise<void>;
  /** The whole price: what the wallet and the bank must cover together. */
  price: (row: Row) => number;
  /**
   * A retry after a bank payment that ended unpaid: when given, the wallet part set aside for it
   * goes back first (the feature clears its bookkeeping); without it, that part counts towards the
   * new try.
   */
  forgetEscrow?: (tx: Db, row: Row, now: Date) => Promise<Row>;
  /** Marks the row paid once the wallet covered the rest (`fromWallet` already moved to `paidInto`). */
  settle: (tx: Db, row: Row, fromWallet: number, now: Date) => Promise<Row>;
  /** Marks the row waiting for the bank (`fromWallet` already moved to `holds`). */
  awaitBank: (tx: Db, row: Row, wait: { fromWallet: number; payment: PaymentRow }, now: Date) => Promise<Row>;
  /** The bank payment's return page and limits. */
  bankOrder: (row: Row) => { returnPath: string; timeoutMinutes: number; maxOpen: number };
}

export interface PayRequest<Row extends PayableRow> {
  payable: Payable<Row>;
  accountId: number;
  key: string;
  useWallet: boolean;
  gateway: PaymentGateway['name'];
  now: Date;
}

export type PayOutcome<Row> = { kind: 'settled'; row: Row; fresh: boolean } | { kind: 'bank'; payment: PaymentRow } | { kind: 'lapsed' };

/** The row's bank payment if the patient may still pay it. */
export async function livePayment(db: Db, paymentId: string | null, now: Date): Promise<PaymentRow | undefined> {
  if (!paymentId) return undefined;
  const payment = await findPayment(db, paymentId);
  return payment?.status === 'pending' && payment.expiresAt > now ? payment : undefined;
}

/**
 * Pays a row, the wallet first when asked: what it covers moves now; when it covers everything
 * the row is settled at once, otherwise the wallet part waits in `holds` and a bank payment is
 * opened for the rest. A repeat while that payment is open returns it. Locks: the wallet, then the
 * row, so concurrent pays and the bank's answer take turns.
 */
export async function payPayable<Row extends PayableRow>(db: Db, request: PayRequest<Row>): Promise<PayOutcome<Row>> {
  const { payable: p, accountId, key, useWallet, gateway, now } = request;
  return db.transaction(async (tx): Promise<PayOutcome<Row>> => {
    await lockWallet(tx, accountId);
    let row = await p.lockOf(tx, accountId, key);
    if (!row) throw new AppError('not_found', p.notFound);
    const standing = p.standing(row, now);
    if (standing === 'settled') return { kind: 'settled', row, fresh: false };
    if (standing === 'lapsed') {
      await p.lapse?.(tx, row, now);
      return { kind: 'lapsed' };
    }
    if (row.paymentId) {
      const open = await livePayment(tx, row.paymentId, now);
      if (open) return { kind: 'bank', payment: open };
      if (p.forgetEscrow) row = await p.forgetEscrow(tx, row, now);
    }
    const due = p.price(row) - row.paidFromWallet;
    const split = splitPayment(due, useWallet && due > 0 ? await walletBalanceOf(tx, accountId) : 0, useWallet, GATEWAY_MINIMUM_RIALS[gateway]);
    if (!split.payable) throw new AppError('not_acceptable', paymentMessages.belowBankMinimum);
    const { fromWallet } = split;
    const whole = fromWallet === due;
    if (fromWallet > 0) {
      await transfer(tx, {
        from: { wallet: accountId },
        to: whole ? p.paidInto : p.holds,
        amount: fromWallet,
        type: 'payment',
        description: whole ? p.statement.paid(key) : p.statement.heldForBank(key),
        reference: key,
        now,
      });
    }
    if (whole) return { kind: 'settled', row: await p.settle(tx, row, fromWallet, now), fresh: true };
    const payment = await createPayment(tx, { accountId, purpose: p.purpose, amount: due - fromWallet, target: key, gateway, ...p.bankOrder(row), now });
    await p.awaitBank(tx, row, { fromWallet, payment }, now);
    return { kind: 'bank', payment };
  });
}

/**
 * Gives a row's set-aside wallet money back to its owner's wallet (the caller holds that wallet's
 * lock). The row's bookkeeping is the feature's.
 */
export async function releasePayableEscrow(tx: Db, release: { holds: SystemAccount; statement: PayableStatement; row: PayableRow; now: Date }): Promise<void> {
  const { row } = release;
  if (row.paidFromWallet <= 0) return;
  await transfer(tx, {
    from: release.holds,
    to: { wallet: row.accountId },
    amount: row.paidFromWallet,
    type: 'refund',
    description: release.statement.released(row.key),
    reference: row.key,
    now: release.now,
  });
}

/**
 * Moves a payable's money to revenue once it is paid (the caller holds the owner's wallet lock):
 * what the bank paid leaves the gateway's account, and the wallet part set aside leaves the holds.
 * The row's bookkeeping is the feature's.
 */
export async function settlePayableMoney(
  tx: Db,
  settle: { holds: SystemAccount; statement: PayableStatement; row: PayableRow; bank?: { amount: number; paymentId: string; description: string }; now: Date },
): Promise<void> {
  const { row, bank, now } = settle;
  if (bank && bank.amount > 0) {
    await transfer(tx, { from: SYSTEM_ACCOUNTS.gateway, to: SYSTEM_ACCOUNTS.revenue, amount: bank.amount, type: 'payment', description: bank.description, reference: bank.paymentId, now });
  }
  if (row.paidFromWallet > 0) {
    await transfer(tx, {
      from: settle.holds,
      to: SYSTEM_ACCOUNTS.revenue,
      amount: row.paidFromWallet,
      type: 'payment',
      description: settle.statement.paid(row.key),
      reference: row.key,
      now,
    });
  }
}

/** A feature's chore that gives back the wallet money of rows whose bank payment never came. */
export interface ReleaseSweep<Row extends PayableRow> {
  /** The job's key and kind. */
  job: string;
  /** The row's name in the log ("appointment", "invoice"). */
  noun: string;
  /** Rows that may need releasing, oldest first. */
  candidates: (db: Db, now: Date, limit: number) => Promise<Array<{ key: string; accountId: number }>>;
  lock: (tx: Db, key: string) => Promise<Row | undefined>;
  /** Releases the locked row if it still needs it (the owner's wallet is locked); true when it did. */
  release: (tx: Db, row: Row, now: Date) => Promise<boolean>;
}

/**
 * Runs a release sweep once: each candidate in its own transaction (the owner's wallet, then the
 * row), so one failure does not stop the rest. Returns how many rows it settled.
 */
export async function sweepReleases<Row extends PayableRow>(db: Db, run: { sweep: ReleaseSweep<Row>; now: Date; limit?: number }): Promise<number> {
  const { sweep, now } = run;
  let settled = 0;
  for (const candidate of await sweep.candidates(db, now, run.limit ?? 50)) {
    try {
      const done = await db.transaction(async (tx) => {
        await lockWallet(tx, candidate.accountId);
        const row = await sweep.lock(tx, candidate.key);
        return row ? sweep.release(tx, row, now) : false;
      });
      if (done) settled++;
    } catch (error) {
      logError(`Releasing ${sweep.noun} ${candidate.key} failed`, error);
    }
  }
  return settled;
}

/** Registers a release sweep with the durable job runner, every minute (its row is created once). */
export async function registerReleaseSweep<Row extends PayableRow>(db: Db, setUp: { sweep: ReleaseSweep<Row>; now: Date }): Promise<void> {
  const { sweep } = setUp;
  registerJobHandler(sweep.job, async (jobDb, _job, at) => {
    await sweepReleases(jobDb, { sweep, now: at });
  });
  await ensureJob(db, { key: sweep.job, kind: sweep.job, runAt: setUp.now, everySeconds: 60 }, setUp.now);
}
