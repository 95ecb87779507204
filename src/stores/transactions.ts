import { atom, onMount } from 'nanostores';
import { fetchTransactions } from '#client/api/wallet.ts';
import type { ListMeta, WalletTransaction } from '#lib/api/contracts/wallet.ts';
import { readStatementFilters, writeStatementFilters, type StatementFilters } from '#lib/wallet/statement-filters.ts';
import { $token } from './auth.ts';
import { $walletChanges, type Loadable } from './wallet.ts';

/** Rows per page of the statement; /financial shows the latest few. */
export const STATEMENT_PER_PAGE = 20;
export const RECENT_COUNT = 5;

/** The newest transactions, for /financial. */
export const $recentTransactions = atom<Loadable<{ items: WalletTransaction[]; total: number }>>({ status: 'loading' });

/** /financial/transactions: its filters (mirrored in the address) and the page they select. */
export const $statementFilters = atom<StatementFilters>({ page: 1 });
export const $statement = atom<Loadable<{ items: WalletTransaction[]; meta: ListMeta }>>({ status: 'loading' });

let recentCall = 0;
async function loadRecent(): Promise<void> {
  if (!$token.get()) return;
  const call = ++recentCall;
  if ($recentTransactions.get().status !== 'ready') $recentTransactions.set({ status: 'loading' });
  try {
    const { data, meta } = await fetchTransactions({ page: 1, per_page: RECENT_COUNT });
    if (call === recentCall) $recentTransactions.set({ status: 'ready', data: { items: data, total: meta.total } });
  } catch {
    if (call === recentCall) $recentTransactions.set({ status: 'failed' });
  }
}

/** Reloads the transaction lists a page shows. */
export function reloadTransactions(): void {
  if ($recentTransactions.lc > 0) void loadRecent();
  if ($statement.lc > 0) void loadStatement();
}

let statementCall = 0;
/** Loads the page the current filters select; an older answer arriving late is dropped. */
export async function loadStatement(): Promise<void> {
  if (!$token.get()) return;
  const call = ++statementCall;
  const { page, type, from, to } = $statementFilters.get();
  $statement.set({ status: 'loading' });
  try {
    const { data, meta } = await fetchTransactions({ page, per_page: STATEMENT_PER_PAGE, ...(type ? { type } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
    if (call === statementCall) $statement.set({ status: 'ready', data: { items: data, meta } });
  } catch {
    if (call === statementCall) $statement.set({ status: 'failed' });
  }
}

/**
 * Shows the statement for `filters` and writes them into the address (a new history entry, so Back
 * returns to the previous filters). A change of type or dates starts again at page 1.
 */
export function setStatementFilters(filters: StatementFilters): void {
  $statementFilters.set(filters);
  const search = writeStatementFilters(filters);
  history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  void loadStatement();
}

onMount($recentTransactions, () => {
  void loadRecent();
  const stopChanges = $walletChanges.listen(() => void loadRecent());
  const stopToken = $token.listen((token) => {
    if (token) void loadRecent();
  });
  return () => {
    stopChanges();
    stopToken();
  };
});

// The address is the source of the filters: read at first, and again on Back and Forward.
onMount($statement, () => {
  const fromAddress = () => {
    $statementFilters.set(readStatementFilters(location.search));
    void loadStatement();
  };
  fromAddress();
  addEventListener('popstate', fromAddress);
  const stopChanges = $walletChanges.listen(() => void loadStatement());
  const stopToken = $token.listen((token) => {
    if (token) void loadStatement();
  });
  return () => {
    removeEventListener('popstate', fromAddress);
    stopChanges();
    stopToken();
  };
});
