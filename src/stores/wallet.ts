import { atom, onMount } from 'nanostores';
import * as walletApi from '#client/api/wallet.ts';
import type { ChargeBody, ListMeta, Wallet, WithdrawalBody, Withdrawal } from '#lib/api/contracts/wallet.ts';
import { $token, $user, setUser } from './auth.ts';

/** What a page shows while a list or a figure loads from the server; `failed` offers a retry. */
export type Loadable<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** The wallet's balance (`GET /wallet`), loaded when a component first subscribes. */
export const $wallet = atom<Loadable<Wallet>>({ status: 'loading' });

/** The patient's withdrawals, newest first, one page at a time. */
export const $withdrawals = atom<Loadable<{ items: Withdrawal[]; meta: ListMeta }>>({ status: 'loading' });

/** The header's user menu shows the account's wallet from localStorage: keep it in step with the ledger. */
function showInHeader(wallet: Wallet): void {
  const user = $user.get();
  if (user && user.wallet !== wallet.available) setUser({ ...user, wallet: wallet.available });
}

export async function loadWallet({ quiet = false } = {}): Promise<void> {
  if (!$token.get()) return;
  // A refresh after a change keeps the old figure on screen until the new one arrives.
  if (!quiet || $wallet.get().status !== 'ready') $wallet.set({ status: 'loading' });
  try {
    const { data } = await walletApi.fetchWallet();
    $wallet.set({ status: 'ready', data });
    showInHeader(data);
  } catch {
    $wallet.set({ status: 'failed' });
  }
}

let withdrawalsPage = 1;
export async function loadWithdrawals(page = withdrawalsPage, { quiet = false } = {}): Promise<void> {
  if (!$token.get()) return;
  withdrawalsPage = page;
  if (!quiet || $withdrawals.get().status !== 'ready') $withdrawals.set({ status: 'loading' });
  try {
    const { data, meta } = await walletApi.fetchWithdrawals(page);
    if (page === withdrawalsPage) $withdrawals.set({ status: 'ready', data: { items: data, meta } });
  } catch {
    if (page === withdrawalsPage) $withdrawals.set({ status: 'failed' });
  }
}

/**
 * Counts the money movements made from this page; the transaction lists reload when it changes
 * (stores/transactions.ts listens, so a page without them never loads their code).
 */
export const $walletChanges = atom(0);

/** After money moved: the balance, the header, the withdrawals and the latest transactions. */
function refreshAfterChange(): void {
  void loadWallet({ quiet: true });
  if ($withdrawals.lc > 0) void loadWithdrawals(withdrawalsPage, { quiet: true });
  $walletChanges.set($walletChanges.get() + 1);
}

/**
 * Opens a payment of `amount` rials and resolves with where to send the browser (the bank, through
 * /go-to-bank). Rejects with the failed call; the form shows its errors.
 */
export async function startCharge(amount: number, returnTo: ChargeBody['return_to']): Promise<string> {
  const { data } = await walletApi.chargeWallet({ amount, return_to: returnTo });
  return data.redirect_url;
}

/** Asks for a withdrawal; the amount leaves `available` at once. Rejects with the failed call. */
export async function withdraw(body: WithdrawalBody): Promise<string> {
  const { data } = await walletApi.requestWithdrawal(body);
  refreshAfterChange();
  return data.key;
}

/** Cancels a pending withdrawal; the amount comes back. Rejects with the failed call (the list is reloaded either way). */
export async function cancelWithdrawal(key: string): Promise<void> {
  try {
    await walletApi.cancelWithdrawal(key);
  } finally {
    refreshAfterChange();
  }
}

// Loaded when a component first subscribes, and again whenever another account logs in here.
onMount($wallet, () => {
  void loadWallet();
  return $token.listen((token) => {
    if (token) void loadWallet();
  });
});
onMount($withdrawals, () => {
  void loadWithdrawals(1);
  return $token.listen((token) => {
    if (token) void loadWithdrawals(1);
  });
});
