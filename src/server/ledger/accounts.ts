/**
 * The ledger's accounts. Money enters through the gateway and leaves through bank payouts, so those
 * two go negative as patients' wallets and the hospital's revenue grow; all balances sum to zero.
 */
export const SYSTEM_ACCOUNTS = {
  /** Money received through the bank gateway (its balance is minus what the bank collected for us). */
  gateway: 'gateway',
  /** The hospital's income: appointments and invoices paid. */
  revenue: 'revenue',
  /** Owed to patients whose withdrawal waits for the hospital to pay it. */
  withdrawalsPayable: 'withdrawals_payable',
  /** Paid out to patients' bank accounts (minus what left). */
  bankPayouts: 'bank_payouts',
  /** Wallet money put towards an appointment whose rest is at the bank: revenue once paid, back to the wallet if not. */
  appointmentHolds: 'appointment_holds',
  /** Wallet money put towards an invoice whose rest is at the bank: revenue once paid, back to the wallet if not. */
  invoiceHolds: 'invoice_holds',
  /** Owed back to cards: public-link payments that arrived after their invoice was already settled. */
  payerRefunds: 'payer_refunds',
} as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

/** One side of a transfer: a patient's wallet, or a system account. */
export type LedgerParty = { wallet: number } | SystemAccount;

export function ledgerCode(party: LedgerParty): string {
  return typeof party === 'string' ? party : `wallet:${party.wallet}`;
}
