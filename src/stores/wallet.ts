import { atom } from 'nanostores';
import * as walletApi from '#client/api/wallet.ts';
import { $user, setUser } from '#client/state/auth.ts';
import type { ChargeBody, Wallet, Withdrawal, WithdrawalBody } from '#lib/api/contracts/wallet.ts';
import type { ListMeta } from '#lib/api/pages.ts';
import { createLoader, type Loadable, loadWhileWatched, type Page } from './loadable.ts';

/** The wallet's balance (`GET /wallet`), loaded when a component first subscribes. */
export const $wallet = atom<Loadable<Wallet>>({ status: 'loading' });

/** The patient's withdrawals, newest first, one page at a time. */
export const $withdrawals = atom<Loadable<Page<Withdrawal, ListMeta>>>({ status: 'loading' });

/** The header's user menu shows the account's wallet from localStorage: keep it in step with the ledger. */
function showInHeader(wallet: Wallet): void {
  const user = $user.get();
  if (user && user.wallet !== wallet.available) setUser({ ...user, wallet: wallet.available });
}

const wallet = createLoader({
  $store: $wallet,
  fetch: async () => (await walletApi.fetchWallet()).data,
  ready: (data) => {
    $wallet.set({ status: 'ready', data });
    showInHeader(data);
  },
});

/** Reads the balance; `quiet` (a refresh after a change) keeps the old figure on screen until the new one arrives. */
export const loadWallet = wallet.load;

let withdrawalsPage = 1;
const withdrawals = createLoader({
  $store: $withdrawals,
  fetch: async () => {
    const { data, meta } = await walletApi.fetchWithdrawals(withdrawalsPage);
    return { items: data, meta };
  },
});

/** Shows page `page` of the withdrawals (by default the one shown); an older answer arriving late is dropped. */
export function loadWithdrawals(page = withdrawalsPage, options: { quiet?: boolean } = {}): Promise<void> {
  withdrawalsPage = page;
  return withdrawals.load(options);
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
loadWhileWatched($wallet, () => void loadWallet());
loadWhileWatched($withdrawals, () => void loadWithdrawals(1));
