import { formatJalaliDate, formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { waitPhrase } from '../auth/messages.ts';

/** Persian messages of the booking calls. */
export const bookingMessages = {
  doctorNotFound: 'پزشک پیدا نشد',
  appointmentNotFound: 'نوبت پیدا نشد',
  leaveNotFound: 'این مرخصی برای این پزشک پیدا نشد',
  notASlot: 'این زمان در برنامهٔ پزشک نیست',
  slotTaken: 'این نوبت را کس دیگری گرفته است؛ یکی از زمان‌های آزاد دیگر را انتخاب کنید',
  slotUnavailable: 'این زمان دیگر قابل رزرو نیست؛ یکی از زمان‌های آزاد دیگر را انتخاب کنید',
  holdExpired: 'مهلت نگه‌داری این نوبت تمام شده است؛ دوباره زمانی را انتخاب کنید',
  notPayable: 'این نوبت در انتظار پرداخت نیست',
  alreadyCancelled: 'این نوبت قبلاً لغو شده است',
  tooLateToCancel: (hours: number) => `لغو نوبت فقط تا ${toPersianDigits(hours)} ساعت پیش از زمان آن ممکن است`,
  tooLateToMove: (hours: number) => `جابه‌جایی نوبت فقط تا ${toPersianDigits(hours)} ساعت پیش از زمان آن ممکن است`,
  notMovable: 'فقط نوبت قطعی را می‌توان جابه‌جا کرد',
  sameSlot: 'نوبت همین حالا در این زمان است',
  notCancellable: 'این نوبت را دیگر نمی‌توان لغو کرد',
  tooSoon: (minutes: number) => `نوبت را دست‌کم ${leadPhrase(minutes)} پیش از زمانش می‌توان گرفت تا برای پرداخت و رسیدن به درمانگاه وقت باشد؛ یکی از زمان‌های دیرتر را انتخاب کنید.`,
  /** The person already has a visit overlapping this slot, booked from the caller's phone: name it. */
  personBusy: (name: string | null, doctor: string, start: Date) =>
    `${name === null ? 'شما در همین زمان نوبت دیگری دارید' : `${name} در همین زمان نوبت دیگری دارد`}: ${doctor}، ${when(start)}. هر نفر در یک زمان فقط یک نوبت می‌تواند داشته باشد؛ زمان دیگری را انتخاب کنید.`,
  /** The same, booked from another phone: that visit's doctor and time are not the caller's to read. */
  personBusyElsewhere: (name: string | null) =>
    `${name === null ? 'برای شما' : `برای ${name}`} در همین زمان نوبت دیگری از حساب دیگری ثبت شده است. هر نفر در یک زمان فقط یک نوبت می‌تواند داشته باشد؛ زمان دیگری را انتخاب کنید.`,
};

/** «۶۰ دقیقه», «۲ ساعت», «۱ ساعت و ۳۰ دقیقه». */
function leadPhrase(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0 || minutes <= 60) return `${toPersianDigits(minutes)} دقیقه`;
  return rest === 0 ? `${toPersianDigits(hours)} ساعت` : `${toPersianDigits(hours)} ساعت و ${toPersianDigits(rest)} دقیقه`;
}

const when = (start: Date) => `${formatJalaliDate(start)} ساعت ${formatTime(start)}`;

/** SMS texts: key, doctor, Jalali date and time. */
export const bookingSms = {
  confirmed: (key: string, doctor: string, start: Date, turn: number, cancelUntil: Date, now: Date) =>
    `نوبت شما نزد ${doctor} ثبت شد.\n${when(start)}، نوبت ${toPersianDigits(turn)}\nکد پیگیری: ${key}\n${
      cancelUntil >= now ? `لغو یا تغییر رایگان تا ${when(cancelUntil)}؛ مبلغ به کیف پول برمی‌گردد.` : 'این نوبت قابل لغو یا تغییر زمان نیست.'
    }`,
  reminder: (key: string, doctor: string, start: Date, clinic: string) => `یادآوری نوبت: ${doctor}، ${when(start)}\n${clinic}\nکد پیگیری: ${key}`,
  cancelled: (key: string, doctor: string, start: Date, refunded: number) =>
    `نوبت ${key} نزد ${doctor} (${when(start)}) لغو شد.${refunded > 0 ? `\n${formatRial(refunded)} به کیف پول شما برگشت.` : ''}`,
  cancelledByHospital: (key: string, doctor: string, start: Date, refunded: number, reason: string) =>
    `پوزش می‌خواهیم: نوبت ${key} نزد ${doctor} (${when(start)}) به علت «${reason}» لغو شد.${refunded > 0 ? `\n${formatRial(refunded)} به کیف پول شما برگشت.` : ''}\nمی‌توانید نوبت دیگری بگیرید.`,
  moved: (key: string, doctor: string, start: Date, turn: number) => `نوبت ${key} نزد ${doctor} جابه‌جا شد: ${when(start)}، نوبت ${toPersianDigits(turn)}`,
};

/** Statement lines of the patient's wallet. */
export const bookingStatement = {
  paid: (key: string) => `پرداخت هزینهٔ نوبت ${key} از کیف پول`,
  heldForBank: (key: string) => `بخشی از هزینهٔ نوبت ${key} از کیف پول (باقی از درگاه بانک)`,
  released: (key: string) => `بازگشت مبلغ نوبت ${key} که پرداختش کامل نشد`,
  refunded: (key: string) => `بازگشت هزینهٔ نوبت لغوشدهٔ ${key}`,
};

/**
 * Refusals of a hold beyond the per-phone and per-address limits, and of a re-hold too soon after
 * the phone's hold of that slot lapsed: each says what to do and when to try again.
 */
export const holdLimitMessages = {
  perPhone: (limit: number) => (seconds: number) =>
    `حساب‌های این شمارهٔ موبایل روی هم ${toPersianDigits(limit)} نوبت نگه داشته‌اند و بیش از این نمی‌شود. یکی از آن نوبت‌ها را پرداخت یا لغو کنید، یا ${waitPhrase(seconds)} دوباره امتحان کنید.`,
  perAddress: (limit: number) => (seconds: number) =>
    `از این اتصال اینترنت ${toPersianDigits(limit)} نوبت نگه داشته شده است و بیش از این نمی‌شود. یکی از آن نوبت‌ها را پرداخت یا لغو کنید، یا ${waitPhrase(seconds)} دوباره امتحان کنید.`,
  lapsed: (seconds: number) => `مهلت نگه‌داری همین نوبت برای این شمارهٔ موبایل به‌تازگی تمام شده است؛ ${waitPhrase(seconds)} دوباره می‌توانید آن را بگیرید، یا زمان دیگری را انتخاب کنید.`,
};

/** The refusal of one move too many: moves are bounded per account and day (changes.ts). */
export const bookingLimitMessages = {
  tooManyMoves: (max: number, seconds: number) => `هر حساب در ۲۴ ساعت حداکثر ${toPersianDigits(max)} بار می‌تواند نوبت جابه‌جا کند؛ لطفاً ${waitPhrase(seconds)} دوباره تلاش کنید.`,
};
