import { toPersianDigits } from '#lib/format/digits.ts';
import { waitPhrase } from '../auth/messages.ts';

/** Persian messages of the test-result calls. */
export const testResultMessages = {
  notFound: 'جواب آزمایش پیدا نشد',
  /** The one answer to every failed claim: a wrong reception code, a wrong national code, someone else's result. */
  claimNotFound: 'جوابی با این کد پذیرش و کد ملی پیدا نشد؛ هر دو را دوباره از روی برگهٔ پذیرش بررسی کنید',
  claimAccountLimit: (seconds: number) => `تلاش‌های ناموفق زیاد شد؛ ${toPersianDigits(Math.ceil(seconds / 60))} دقیقهٔ دیگر دوباره امتحان کنید`,
  claimAddressLimit: (seconds: number) => `از این شبکه تلاش‌های ناموفق زیادی شده است؛ ${toPersianDigits(Math.ceil(seconds / 60))} دقیقهٔ دیگر دوباره امتحان کنید`,
  claimNationalCodeLimit: (seconds: number) => `برای این کد ملی تلاش‌های ناموفق زیادی شده است؛ ${waitPhrase(seconds)} دوباره امتحان کنید`,
  notAttached: 'این جواب به حسابی وصل نیست',
  claimLocked: 'این جواب پس از تلاش‌های ناموفق زیاد قفل شد و فقط با شمارهٔ موبایلی که در پذیرش داده‌اید به حساب افزوده می‌شود؛ برای باز شدن آن با آزمایشگاه بیمارستان تماس بگیرید',
  claimCodeWait: (seconds: number) => `برای این جواب تازه کد فرستاده‌ایم؛ لطفاً ${waitPhrase(seconds)} دوباره کد بخواهید`,
  claimCodeWrong: 'کد پیامک‌شده درست نیست',
  claimCodeDead: 'این کد دیگر پذیرفته نمی‌شود (زمانش گذشته، به کار رفته یا چند بار نادرست وارد شده است)؛ کد تازه‌ای بخواهید',
  claimSmsFailed: 'فرستادن پیامک ممکن نشد؛ لطفاً کمی بعد دوباره تلاش کنید',
  shareNotFound: 'این پیوند جواب آزمایش باز نمی‌شود: شاید زمانش گذشته یا بیمار آن را باطل کرده است',
  shareMissing: 'این پیوند اشتراک پیدا نشد',
  tooManyShares: (max: number) => `برای این جواب ${toPersianDigits(max)} پیوند باز دارید؛ پیش از ساختن پیوند تازه، یکی را باطل کنید`,
  notReadyToShare: 'جواب هنوز آماده نیست؛ پس از آمدن جواب می‌توانید آن را هم‌رسانی کنید',
  otherPatient: 'این کد پذیرش پیش‌تر برای بیمار دیگری ثبت شده است',
  /** A re-filing that would grow the result past its caps: what was filed before stays as it was. */
  resultTooLarge: (limit: string) => `${limit}؛ این ثبت همراه آنچه پیش‌تر با همین کد پذیرش ثبت شده از این حد می‌گذرد و پذیرفته نشد`,
  statusBackwards: (from: string, to: string) => `وضعیت جواب نمی‌تواند از ${from} به ${to} برگردد`,
};

/** SMS texts; `url` is the results page. */
export const testResultSms = {
  ready: (receptionCode: string, url: string) => `جواب آزمایش شما (کد پذیرش ${receptionCode}) آماده است.\nدیدن جواب:\n${url}`,
  partReady: (receptionCode: string, url: string) => `بخشی از جواب آزمایش شما (کد پذیرش ${receptionCode}) آماده است؛ باقی را هم خبر می‌دهیم.\n${url}`,
  corrected: (receptionCode: string, url: string) => `جواب آزمایش شما (کد پذیرش ${receptionCode}) به‌روز شد.\n${url}`,
  /** To the phone the hospital filed it with, when no account of that national code has this phone: the result waits to be claimed. */
  /** The claim code, to the filed mobile only (never to the account that asked). */
  claimCode: (receptionCode: string, code: string) =>
    `کد افزودن جواب آزمایش (کد پذیرش ${receptionCode}) به یک حساب در پورتال بیمارستان: ${code}\nاین کد را به هیچ‌کس ندهید. اگر خودتان یا یکی از نزدیکانتان آن را نخواسته‌اید، این پیامک را نادیده بگیرید.`,
  /** To the account holder whose account the hospital took the result from. */
  detached: (receptionCode: string) => `جواب آزمایش با کد پذیرش ${receptionCode} به دست بیمارستان از حساب شما در پورتال برداشته شد. اگر پرسشی دارید با آزمایشگاه بیمارستان تماس بگیرید.`,
  toClaim: (receptionCode: string, url: string) =>
    `جواب آزمایش شما (کد پذیرش ${receptionCode}) آماده است. برای دیدن آن وارد پورتال شوید و با همین کد پذیرش و کد ملی، جواب را به حساب خود بیفزایید:\n${url}`,
};
