import { toPersianDigits } from '#lib/format/digits.ts';
import { waitPhrase } from '../auth/messages.ts';
import { MAX_ACCOUNTS_PER_PHONE } from '../auth/policy.ts';

export const accountMessages = {
  nationalCodeTaken: 'این کد ملی برای حساب دیگری ثبت شده است',
  tooManyAccounts: `با هر شماره همراه حداکثر ${toPersianDigits(MAX_ACCOUNTS_PER_PHONE)} حساب می‌توان ساخت.`,
  profileUpdated: 'پروفایل شما با موفقیت ویرایش شد',
  nationalCodeWait: (seconds: number) => `چند کد ملیِ واردشده برای حساب‌های دیگری ثبت شده بود؛ برای امنیت بیماران، لطفاً ${waitPhrase(seconds)} دوباره کد ملی وارد کنید.`,
} as const;
