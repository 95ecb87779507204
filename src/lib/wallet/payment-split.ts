/**
 * The smallest amount a bank gateway takes, in rials. Zarinpal refuses less than 1,000 toman
 * (10,000 rials; its SDK checks the same), and the built-in sandbox bank enforces the same minimum
 * so that a split the sandbox accepts also works at the real bank.
 */
export const BANK_MINIMUM_RIALS = 10_000;

/**
 * How a payment of `due` rials is split when the patient asks for the wallet first (`useWallet`):
 * - the wallet covers what it can; the rest goes to the bank;
 * - a bank part below `bankMinimum` is raised to the minimum by taking less from the wallet
 *   (`walletReduced`), since the bank would refuse it and the held wallet part could never be
 *   completed;
 * - when even the whole amount is below the minimum, the bank cannot take it: `payable` is false
 *   unless the wallet covers it all.
 */
export interface PaymentSplit {
  fromWallet: number;
  byBank: number;
  /** The wallet could have covered more, but the bank part had to reach the gateway's minimum. */
  walletReduced: boolean;
  /** False when a bank part is needed but the amount is below the gateway's minimum. */
  payable: boolean;
}

export function splitPayment(due: number, available: number, useWallet: boolean, bankMinimum: number = BANK_MINIMUM_RIALS): PaymentSplit {
  const wallet = useWallet ? Math.max(0, Math.min(due, available)) : 0;
  const rest = due - wallet;
  if (rest === 0 || rest >= bankMinimum) return { fromWallet: wallet, byBank: rest, walletReduced: false, payable: true };
  if (due < bankMinimum) return { fromWallet: wallet, byBank: rest, walletReduced: false, payable: false };
  return { fromWallet: due - bankMinimum, byBank: bankMinimum, walletReduced: true, payable: true };
}
