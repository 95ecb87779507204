import type { WalletTransaction, WithdrawalStatus } from '#lib/api/contracts/wallet.ts';
import type { TransactionType } from '#lib/wallet/terms.ts';

/** The statement's types in Persian (the filter and each row). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  charge: 'شارژ کیف پول',
  payment: 'پرداخت نوبت یا صورت‌حساب',
  refund: 'بازگشت وجه',
  withdrawal: 'برداشت به حساب بانکی',
  withdrawal_reversal: 'بازگشت برداشت',
};

/**
 * A row's title: a payment is named by what it paid for (its reference is an `AP…` appointment or
 * an `IN…` invoice key), so paying for a visit never reads like a bank withdrawal.
 */
export function transactionTitle(item: Pick<WalletTransaction, 'type' | 'reference'>): string {
  if (item.type === 'payment') {
    if (item.reference?.startsWith('AP')) return 'پرداخت نوبت';
    if (item.reference?.startsWith('IN')) return 'پرداخت صورت‌حساب';
    return 'پرداخت';
  }
  return TRANSACTION_TYPE_LABELS[item.type];
}

/** The chip beside an amount: «برداشت» only for money sent to the patient's bank account. */
export function directionLabel(item: Pick<WalletTransaction, 'type' | 'amount'>): string {
  if (item.amount >= 0) return 'واریز';
  if (item.type === 'withdrawal') return 'برداشت';
  if (item.type === 'payment') return 'پرداخت';
  return 'کسر از کیف پول';
}

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: 'در انتظار واریز',
  paid: 'واریز شد',
  rejected: 'رد شد',
  cancelled: 'لغو شد',
};
