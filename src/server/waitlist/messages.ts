import { formatJalaliDate, formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

/** Persian messages of the waitlist calls. */
export const waitlistMessages = {
  entryNotFound: 'درخواست فهرست انتظار پیدا نشد',
  rangeStart: 'آغاز بازه نباید پیش از امروز باشد',
  rangeEnd: (days: number) => `بازهٔ انتظار باید در ${toPersianDigits(days)} روز آینده باشد`,
  alreadyWaiting: (name: string | null) =>
    `${name === null ? 'شما' : name} همین حالا در فهرست انتظار این پزشک ${name === null ? 'هستید' : 'است'}؛ برای تغییر بازه، از فهرست خارج شوید و دوباره بپیوندید`,
  perAccount: (limit: number) => `هر حساب در یک زمان حداکثر ${toPersianDigits(limit)} درخواست فهرست انتظار می‌تواند داشته باشد؛ یکی را حذف کنید`,
  perPhone: (limit: number) => `حساب‌های این شماره تلفن روی هم حداکثر ${toPersianDigits(limit)} درخواست فهرست انتظار می‌توانند داشته باشند`,
  perAddress: (limit: number) => `از این نشانی اینترنتی بیش از ${toPersianDigits(limit)} درخواست فهرست انتظار ثبت شده است؛ بعداً دوباره تلاش کنید`,
  notInLine: 'این درخواست دیگر در فهرست انتظار نیست',
  noOffer: 'برای این درخواست نوبتی پیشنهاد نشده است',
  offerLapsed: 'مهلت این پیشنهاد تمام شده است و نوبت به نفر بعدی می‌رسد',
  alreadyAccepted: 'این پیشنهاد را پذیرفته‌اید؛ نوبت را پرداخت کنید',
};

const when = (start: Date) => `${formatJalaliDate(start)} ساعت ${formatTime(start)}`;

/** SMS texts. */
export const waitlistSms = {
  /** A freed slot kept for the patient: who for, the doctor, when, until when, and the link. */
  offer: (who: string | null, doctor: string, start: Date, expiresAt: Date, link: string) =>
    `نوبت خالی ${who === null ? 'برای شما' : `برای ${who}`}: ${doctor}، ${when(start)}. این نوبت تا ساعت ${formatTime(expiresAt)} برایتان نگه داشته می‌شود؛ برای پذیرش و پرداخت: ${link}`,
};
