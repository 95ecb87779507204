import type { TransactionType, WithdrawalStatus } from '#lib/api/contracts/wallet.ts';

/** The statement's types in Persian (the filter and each row). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  charge: 'شارژ کیف پول',
  payment: 'پرداخت',
  refund: 'بازگشت وجه',
  withdrawal: 'برداشت به حساب بانکی',
  withdrawal_reversal: 'بازگشت برداشت',
};

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: 'در انتظار واریز',
  paid: 'واریز شد',
  rejected: 'رد شد',
  cancelled: 'لغو شد',
};
