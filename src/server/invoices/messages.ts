import { formatRial } from '#lib/format/number.ts';

/** Persian messages of the invoice calls. */
export const invoiceMessages = {
  notFound: 'صورت‌حساب پیدا نشد',
  linkNotFound: 'این پیوند پرداخت معتبر نیست؛ پیوند تازه را از بیمار بخواهید',
  alreadyPaid: 'این صورت‌حساب پیش‌تر پرداخت شده است',
  isVoid: 'این صورت‌حساب باطل شده است و پرداخت نمی‌شود',
  notVoidable: 'فقط صورت‌حساب پرداخت‌نشده را می‌توان باطل کرد',
  tooManyLinks: 'برای این صورت‌حساب پیوندهای زیادی ساخته شده است؛ همان پیوند پیشین را بفرستید',
  patientNotFound: 'بیماری با این کد ملی در پورتال حساب ندارد',
  patientPhoneMismatch: 'شمارهٔ همراه با حساب این کد ملی یکی نیست',
  requestNotFound: 'درخواست خدمت پیدا نشد',
  requestOfAnother: 'این درخواست خدمت از آنِ بیمار دیگری است',
  requestClosed: 'برای درخواست لغوشده یا ردشده صورت‌حساب صادر نمی‌شود',
};

/** SMS texts. `url` is the public link, which the patient may forward to a relative. */
export const invoiceSms = {
  issued: (key: string, payable: number, url: string) => `صورت‌حساب ${key} به مبلغ ${formatRial(payable)} صادر شد.\nپرداخت (یا فرستادن برای همراه):\n${url}`,
  paidByLink: (key: string, payable: number) => `صورت‌حساب ${key} به مبلغ ${formatRial(payable)} با پیوند پرداخت پرداخت شد.`,
  voided: (key: string, reason: string) => `صورت‌حساب ${key} باطل شد: ${reason}`,
};

/** Statement lines of the patient's wallet. */
export const invoiceStatement = {
  paid: (key: string) => `پرداخت صورت‌حساب ${key} از کیف پول`,
  heldForBank: (key: string) => `بخشی از صورت‌حساب ${key} از کیف پول (باقی از درگاه بانک)`,
  released: (key: string) => `بازگشت مبلغ صورت‌حساب ${key} که پرداختش کامل نشد`,
  bank: (key: string) => `صورت‌حساب ${key} از درگاه بانک`,
  byLink: (key: string) => `صورت‌حساب ${key} با پیوند پرداخت از درگاه بانک`,
};
