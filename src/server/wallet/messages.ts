import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';

/** Receipts sent by SMS after a money movement commits. */
export const walletSms = {
  charged: (amount: number, balance: number, refId: string) =>
    `کیف پول شما در پورتال بیمارستان ${formatRial(amount)} شارژ شد.\nموجودی: ${formatRial(balance)}\nشماره پیگیری بانک: ${toPersianDigits(refId)}`,
  withdrawalPaid: (key: string, amount: number, bankReference: string) =>
    `برداشت ${key} به مبلغ ${formatRial(amount)} به حساب شما واریز شد.\nشماره پیگیری: ${toPersianDigits(bankReference)}`,
  withdrawalRejected: (key: string, amount: number, reason: string) => `درخواست برداشت ${key} پذیرفته نشد و ${formatRial(amount)} به کیف پول شما برگشت.\nعلت: ${reason}`,
};

export const walletMessages = {
  withdrawalNotFound: 'درخواست برداشت پیدا نشد',
  withdrawalNotPending: 'این درخواست برداشت دیگر در انتظار نیست و تغییر نمی‌کند',
  tooManyWithdrawals: 'تا پنج درخواست برداشت در انتظار می‌توانید داشته باشید؛ صبر کنید تا بیمارستان آن‌ها را پرداخت کند یا یکی را لغو کنید',
};
