import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type LedgerParty, ledgerCode } from './accounts.ts';
import { creditLedgerAccount, debitLedgerAccount, insertTransfer, ledgerAccountId, lockLedgerAccounts, type Transfer } from './repository.ts';

/** Kinds of movement; the first five are what a patient's statement shows (api.md). */
export type TransferType = 'charge' | 'payment' | 'refund' | 'withdrawal' | 'withdrawal_reversal' | 'withdrawal_payout' | 'payer_refund_due' | 'payer_refund';

export interface TransferOrder {
  from: LedgerParty;
  to: LedgerParty;
  /** Rials, > 0. */
  amount: number;
  type: TransferType;
  /** Persian, for the statement. */
  description: string;
  reference?: string | null;
  now: Date;
}

export const INSUFFICIENT_FUNDS_MESSAGE = 'موجودی کیف پول کافی نیست';

/**
 * Moves `amount` rials between two ledger accounts: both balances and the transfer row change
 * together, inside the caller's transaction `tx` (the business change it belongs to is written in
 * the same one). A wallet that would go below zero refuses with 406 and nothing changes.
 */
export async function transfer(tx: Db, order: TransferOrder): Promise<Transfer> {
  if (!Number.isSafeInteger(order.amount) || order.amount <= 0) throw new Error(`transfer amount must be a positive integer, got ${order.amount}`);
  if (ledgerCode(order.from) === ledgerCode(order.to)) throw new Error('a transfer needs two different accounts');
  const fromId = await ledgerAccountId(tx, order.from);
  const toId = await ledgerAccountId(tx, order.to);
  await lockLedgerAccounts(tx, [fromId, toId]);
  const fromBalanceAfter = await debitLedgerAccount(tx, fromId, order.amount);
  if (fromBalanceAfter === undefined) throw new AppError('not_acceptable', INSUFFICIENT_FUNDS_MESSAGE, { errors: { amount: [INSUFFICIENT_FUNDS_MESSAGE] } });
  const toBalanceAfter = await creditLedgerAccount(tx, toId, order.amount);
  return insertTransfer(tx, {
    fromAccountId: fromId,
    toAccountId: toId,
    amount: order.amount,
    type: order.type,
    description: order.description,
    reference: order.reference ?? null,
    fromBalanceAfter,
    toBalanceAfter,
    createdAt: order.now,
  });
}

/**
 * Locks a patient's wallet row until the caller's transaction ends: a rule that counts something
 * before moving money (e.g. "at most five pending withdrawals") then holds under concurrency.
 */
export async function lockWallet(tx: Db, accountId: number): Promise<void> {
  await lockLedgerAccounts(tx, [await ledgerAccountId(tx, { wallet: accountId })]);
}
