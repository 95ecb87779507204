import { formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

const n = (value: number) => toPersianDigits(value);

/** Persian messages of the visit day. */
export const queueMessages = {
  notToday: 'صف نوبت فقط در روز ویزیت نشان داده می‌شود؛ این نوبت برای امروز نیست',
  notConfirmed: 'این نوبت قطعی نیست و در صف امروز پزشک جایی ندارد',
  cancelled: 'این نوبت لغو شده است و در صف امروز نیست',
  otherDoctor: 'این نوبت برای پزشک دیگری است',
  appointmentNotFound: 'نوبتی با این کد پیدا نشد',
  checkInNotYet: (opensAt: Date) => `اعلام حضور از ساعت ${formatTime(opensAt)} ممکن است`,
  checkInClosed: 'جلسهٔ امروز پزشک تمام شده است؛ اعلام حضور دیگر ممکن نیست',
  checkInTooLate: 'نوبت شما گذشته است؛ برای اعلام حضور به پذیرش درمانگاه مراجعه کنید',
  sessionEnded: 'جلسهٔ امروز این پزشک تمام شده است',
  sessionAlreadyStarted: 'جلسهٔ امروز این پزشک از پیش آغاز شده است',
  notRunning: 'جلسه در جریان نیست که متوقف شود',
  notPaused: 'جلسه متوقف نیست که ادامه یابد',
  alreadyCalled: 'این بیمار همین حالا فراخوانده شده است',
  alreadyDone: 'ویزیت این بیمار پایان یافته است',
  notCalledNoShow: 'بیماری را که فراخوانده شده یا ویزیت شده نمی‌توان غایب ثبت کرد',
  alreadyCheckedIn: 'حضور این بیمار پیش‌تر ثبت شده است',
  tooManyStreams: 'صفحهٔ صف در تعداد زیادی پنجره باز است؛ چند پنجره را ببندید و دوباره تلاش کنید',
  streamsFull: 'نمایش زندهٔ صف الان بیش از اندازه شلوغ است؛ چند لحظهٔ دیگر دوباره تلاش کنید',
};

/** The visit-day SMS. */
export const queueSms = {
  ahead: (key: string, doctor: string, ahead: number, room: string) =>
    `${ahead === 0 ? 'نفر بعدی شما هستید' : ahead === 1 ? 'یک نفر پیش از شما مانده است' : `${n(ahead)} نفر پیش از شما مانده‌اند`}: ${doctor}${room ? `، ${room}` : ''}.\nلطفاً نزدیک مطب باشید. کد نوبت: ${key}`,
  delay: (key: string, doctor: string, minutes: number) => `${doctor} حدود ${n(minutes)} دقیقه تأخیر دارد؛ زمان تقریبی نوبتتان در پورتال به‌روز است. کد نوبت: ${key}`,
};
