import { atom, onMount } from 'nanostores';
import { fetchTransactions } from '#client/api/wallet.ts';
import type { WalletTransaction } from '#lib/api/contracts/wallet.ts';
import type { ListMeta } from '#lib/api/pages.ts';
import { readStatementFilters, type StatementFilters, writeStatementFilters } from '#lib/wallet/statement-filters.ts';
import { createLoader, type Loadable, loadWhileWatched, type Page, viewInAddress } from './loadable.ts';
import { $walletChanges } from './wallet.ts';

/** Rows per page of the statement; /financial shows the latest few. */
export const STATEMENT_PER_PAGE = 20;
export const RECENT_COUNT = 5;

/** The newest transactions, for /financial. */
export const $recentTransactions = atom<Loadable<{ items: WalletTransaction[]; total: number }>>({ status: 'loading' });

/** /financial/transactions: its filters (mirrored in the address) and the page they select. */
export const $statementFilters = atom<StatementFilters>({ page: 1 });
export const $statement = atom<Loadable<Page<WalletTransaction, ListMeta>>>({ status: 'loading' });

const recent = createLoader({
  $store: $recentTransactions,
  fetch: async () => {
    const { data, meta } = await fetchTransactions({ page: 1, per_page: RECENT_COUNT });
    return { items: data, total: meta.total };
  },
});
// Quiet: the shown rows stay on screen while they are read again.
const loadRecent = () => void recent.load({ quiet: true });

const statement = createLoader({
  $store: $statement,
  fetch: async () => {
    const { page, type, from, to } = $statementFilters.get();
    const { data, meta } = await fetchTransactions({ page, per_page: STATEMENT_PER_PAGE, ...(type ? { type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
    return { items: data, meta };
  },
});

/** Loads the page the current filters select; an older answer arriving late is dropped. */
export const loadStatement = (): Promise<void> => statement.load();

/** Reloads the transaction lists a page shows. */
export function reloadTransactions(): void {
  if ($recentTransactions.lc > 0) loadRecent();
  if ($statement.lc > 0) void loadStatement();
}

/**
 * Shows the statement for `filters` and writes them into the address (a new history entry, so Back
 * returns to the previous filters). A change of type or dates starts again at page 1. The address
 * is the source of the filters: read at first, and again on Back and Forward.
 */
export const setStatementFilters = viewInAddress($statement, {
  $view: $statementFilters,
  read: readStatementFilters,
  write: writeStatementFilters,
  load: () => void loadStatement(),
});

loadWhileWatched($recentTransactions, loadRecent);
// Money moved on this page: the lists shown follow the ledger.
onMount($recentTransactions, () => $walletChanges.listen(loadRecent));
onMount($statement, () => $walletChanges.listen(() => void loadStatement()));
