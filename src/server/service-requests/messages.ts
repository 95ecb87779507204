import { REQUEST_FILE_MAX_BYTES, SERVICE_REQUEST_STATUS_NAMES, type ServiceRequestStatus } from '#lib/api/contracts/service-requests.ts';
import { formatJalaliDate, formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { waitPhrase } from '../auth/messages.ts';

/** Persian messages of the service-request calls. */
export const serviceRequestMessages = {
  notFound: 'درخواست پیدا نشد',
  unknownService: 'این خدمت در فهرست خدمات بیمارستان نیست',
  windowNotOffered: 'این خدمت در این بازهٔ زمانی ارائه نمی‌شود',
  tooSoon: (days: number) => (days === 0 ? 'روز دلخواه نمی‌تواند پیش از امروز باشد' : `این خدمت را دست‌کم ${toPersianDigits(days)} روز زودتر درخواست کنید`),
  tooFar: (days: number) => `روز دلخواه حداکثر تا ${toPersianDigits(days)} روز آینده ممکن است`,
  tooManyOpen: (max: number) => `شما ${toPersianDigits(max)} درخواست باز دارید؛ تا رسیدگی به آن‌ها درخواست تازه ثبت نمی‌شود`,
  tooManyToday: (max: number, seconds: number) => `هر حساب در ۲۴ ساعت حداکثر ${toPersianDigits(max)} درخواست خدمت می‌تواند ثبت کند؛ لطفاً ${waitPhrase(seconds)} دوباره تلاش کنید.`,
  notCancellable: 'این درخواست را دیگر نمی‌توان لغو کرد؛ با بیمارستان تماس بگیرید',
  illegalMove: (from: ServiceRequestStatus, to: ServiceRequestStatus) => `درخواست از وضعیت «${SERVICE_REQUEST_STATUS_NAMES[from]}» به «${SERVICE_REQUEST_STATUS_NAMES[to]}» نمی‌رود`,
  scheduledInPast: 'زمان مراجعه باید در آینده باشد',
  invoiceVoidedWithRequest: 'درخواست این خدمت لغو یا رد شد',
  scheduledAtMissing: 'زمان مراجعه (scheduled_at) برای وضعیت scheduled لازم است',
  fileEmpty: 'فایل خالی است',
  fileTooLarge: `حجم هر فایل حداکثر ${toPersianDigits(REQUEST_FILE_MAX_BYTES / 1024 / 1024)} مگابایت است`,
  fileType: 'فقط عکس JPEG یا PNG یا WebP، یا فایل PDF پذیرفته می‌شود',
  fileUnreadable: 'این عکس خوانده نشد یا بیش از حد بزرگ است؛ عکس دیگری بفرستید',
  fileNotFound: 'فایل پیوست پیدا نشد؛ دوباره بارگذاری کنید',
  tooManyFiles: (max: number, seconds: number) => `هر حساب در ۲۴ ساعت حداکثر ${toPersianDigits(max)} فایل می‌تواند بارگذاری کند؛ لطفاً ${waitPhrase(seconds)} دوباره تلاش کنید.`,
  uploadsBusy: 'بارگذاری‌های هم‌زمان زیاد است؛ چند لحظهٔ دیگر دوباره تلاش کنید',
};

const when = (at: Date) => `${formatJalaliDate(at)} ساعت ${formatTime(at)}`;

/** SMS texts about a request's move. */
export function serviceRequestSms(key: string, service: string, status: ServiceRequestStatus, options: { note?: string | null; scheduledAt?: Date | null }): string {
  const note = options.note ? `\n${options.note}` : '';
  switch (status) {
    case 'submitted':
      return `درخواست «${service}» ثبت شد. به‌زودی با شما تماس می‌گیریم.\nکد پیگیری: ${key}`;
    case 'scheduled':
      return `زمان «${service}»: ${options.scheduledAt ? when(options.scheduledAt) : ''}${note}\nکد پیگیری: ${key}`;
    case 'cancelled':
      return `درخواست ${key} («${service}») لغو شد.${note}`;
    case 'rejected':
      return `پوزش می‌خواهیم: درخواست ${key} («${service}») پذیرفته نشد.${note}`;
    default:
      return `درخواست ${key} («${service}»): ${SERVICE_REQUEST_STATUS_NAMES[status]}${note}`;
  }
}
