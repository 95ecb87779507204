import type { ChargeAnswer, ChargeBody, TransactionsAnswer, TransactionsQuery, WalletAnswer, WithdrawalAnswer, WithdrawalBody, WithdrawalsAnswer } from '#lib/api/contracts/wallet.ts';
import { authApi, refusableFormApi } from './client.ts';

/** The wallet calls (spec/api.md «Wallet and payments»); each needs a logged-in patient. */

export const fetchWallet = () => authApi<WalletAnswer>('/wallet', { method: 'GET' });

/** One page of the statement, newest first; `from`/`to` are Tehran days, both inclusive. */
export const fetchTransactions = (query: Partial<TransactionsQuery>) => authApi<TransactionsAnswer>('/wallet/transactions', { method: 'GET', query });

/** Opens a payment for `amount` rials; 422 and 406 are left to the form. The answer says where the bank is. */
export const chargeWallet = (body: ChargeBody) => authApi<ChargeAnswer>('/wallet/charge', { body }, refusableFormApi);

export const fetchWithdrawals = (page = 1, perPage = 20) => authApi<WithdrawalsAnswer>('/wallet/withdrawals', { method: 'GET', query: { page, per_page: perPage } });

/** Asks for `amount` rials to be paid to `iban` (24 digits); 422 and 406 are left to the form. */
export const requestWithdrawal = (body: WithdrawalBody) => authApi<WithdrawalAnswer>('/wallet/withdrawals', { body }, refusableFormApi);

/** Cancels a pending withdrawal; a 409 (no longer pending) is left to the caller to tell. */
export const cancelWithdrawal = (key: string) => authApi<WithdrawalAnswer>(`/wallet/withdrawals/${encodeURIComponent(key)}/cancel`, {}, refusableFormApi);
