/**
 * The wallet's plain values (limits, presets, transaction types), apart from the contract's valibot
 * schemas, so the wallet's lists and the charge page read them without loading the rules.
 */

/** api.md: money is an integer number of rials, at most 10^13. */
export const MAX_AMOUNT_RIAL = 10_000_000_000_000;

/** `WALLET_CHARGE_MAX` when unset: 500,000,000 rials (50 million tomans). */
export const DEFAULT_WALLET_CHARGE_MAX = 500_000_000;

/** Amounts the charge form offers with one tap (rials). */
export const CHARGE_PRESETS = [1_000_000, 2_000_000, 5_000_000, 10_000_000] as const;

export const TRANSACTION_TYPES = ['charge', 'payment', 'refund', 'withdrawal', 'withdrawal_reversal'] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
