import type { TransactionsQuery, Wallet, WalletTransaction } from '#lib/api/contracts/wallet.ts';
import { TRANSACTION_TYPES } from '#lib/api/contracts/wallet.ts';
import { tehranDayBounds } from '#lib/appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { findWalletAccountId, listWalletEntries, type WalletEntry } from '../ledger/repository.ts';
import { walletTotals } from './repository.ts';

/**
 * `GET /wallet`: `available` is the wallet's ledger balance; `held` is what pending withdrawals and
 * appointments and invoices waiting for the bank took out of it and may still come back; `balance` is both.
 */
export async function getWallet(db: Db, accountId: number): Promise<Wallet> {
  const { available, held } = await walletTotals(db, accountId);
  return { balance: available + held, available, held };
}

function toTransaction(entry: WalletEntry): WalletTransaction {
  return {
    id: entry.id,
    type: entry.type as WalletTransaction['type'],
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    description: entry.description,
    reference: entry.reference,
    created_at: entry.createdAt.toISOString(),
  };
}

/** `GET /wallet/transactions`: the wallet's statement, newest first; `from`/`to` are Tehran days, inclusive. */
export async function listTransactions(db: Db, accountId: number, query: TransactionsQuery): Promise<{ rows: WalletTransaction[]; total: number }> {
  const walletId = await findWalletAccountId(db, accountId);
  if (walletId === undefined) return { rows: [], total: 0 };
  const { rows, total } = await listWalletEntries(
    db,
    walletId,
    {
      types: query.type ? [query.type] : TRANSACTION_TYPES,
      ...(query.from ? { from: tehranDayBounds(query.from).start } : {}),
      ...(query.to ? { until: tehranDayBounds(query.to).end } : {}),
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { rows: rows.map(toTransaction), total };
}
