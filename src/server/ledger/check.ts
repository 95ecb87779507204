import type { Db } from '../db/client.ts';
import { countTransfers, ledgerAccountTotals } from './repository.ts';

export interface LedgerCheck {
  /** True when every rule below holds. */
  ok: boolean;
  accounts: number;
  transfers: number;
  /** The sum of all balances: 0 in a double-entry ledger. */
  sum: number;
  /** Accounts whose cached balance is not the sum of their transfers, or a wallet below zero. */
  mismatches: Array<{ account: string; cached: number; entries: number }>;
}

/**
 * The ledger's consistency: all balances sum to zero; each account's cached balance equals
 * the sum of its transfers; no wallet is below zero. Run by the tests and `npm run hospital -- ledger-check`.
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const totals = await ledgerAccountTotals(db);
  const sum = totals.reduce((total, account) => total + account.balance, 0);
  const mismatches = totals
    .filter((account) => account.balance !== account.entries || (account.kind === 'wallet' && account.balance < 0))
    .map((account) => ({ account: account.code, cached: account.balance, entries: account.entries }));
  return { ok: sum === 0 && mismatches.length === 0, accounts: totals.length, transfers: await countTransfers(db), sum, mismatches };
}
