import { toPersianDigits } from '#lib/format/digits.ts';
import { otpPolicy } from './policy.ts';

/** How long to wait, in the largest whole unit: «۴۵ ثانیهٔ دیگر», «۸ دقیقهٔ دیگر», «۳ ساعت دیگر». */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${toPersianDigits(Math.max(1, Math.ceil(seconds)))} ثانیهٔ دیگر`;
  if (seconds < 3600) return `${toPersianDigits(Math.ceil(seconds / 60))} دقیقهٔ دیگر`;
  return `${toPersianDigits(Math.ceil(seconds / 3600))} ساعت دیگر`;
}

/** What the login steps tell the patient. Messages under `errors.code` end without a full stop, like the form rules'. */
export const authMessages = {
  codeSent: 'کد تأیید برایتان پیامک شد.',
  codeWrong: 'کد تأیید درست نیست',
  codeExpired: 'مهلت این کد تمام شده است؛ لطفاً کد تازه‌ای بخواهید',
  codeUsed: 'این کد پیش‌تر به کار رفته است؛ لطفاً کد تازه‌ای بخواهید',
  codeReplaced: 'کد تازه‌تری برایتان فرستاده‌ایم؛ آخرین کد را وارد کنید یا کد تازه‌ای بخواهید',
  codeDead: `این کد پس از ${toPersianDigits(otpPolicy.maxWrongTries)} تلاش نادرست باطل شد؛ لطفاً کد تازه‌ای بخواهید`,
  noCode: 'کد فعالی برای این شماره نداریم؛ لطفاً کد تازه‌ای بخواهید',
  registrationClosed: 'مهلت ثبت‌نام با این کد تمام شده است؛ لطفاً دوباره کد تأیید بخواهید',
  switchWait: (seconds: number) => `افراد این شماره در یک ساعت گذشته بارها عوض شده‌اند؛ لطفاً ${waitPhrase(seconds)} دوباره تلاش کنید.`,
  personNotFound: 'این فرد در میان حساب‌های این شمارهٔ همراه نیست.',
  smsFailed: 'فرستادن پیامک ممکن نشد؛ لطفاً کمی بعد دوباره تلاش کنید.',
  sendWait: (seconds: number) => `لطفاً ${waitPhrase(seconds)} دوباره کد بخواهید.`,
  addressWait: (seconds: number) => `درخواست‌های زیادی از این اتصال رسیده است؛ لطفاً ${waitPhrase(seconds)} دوباره تلاش کنید.`,
} as const;
