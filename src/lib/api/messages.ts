/** Persian messages of the error policy (spec §8), shared by the API client and the server. */
export const apiMessages = {
  serverError: 'خطای سرور؛ لطفاً کمی بعد دوباره تلاش کنید.',
  noInternet: 'به اینترنت دسترسی ندارید؛ اتصال خود را بررسی کنید.',
  unknown: 'خطای ناشناخته‌ای رخ داد.',
  unauthenticated: 'لطفاً دوباره وارد حساب خود شوید.',
  notAuthenticated: 'User is not authenticated',
  invalidInput: 'اطلاعات ارسال‌شده درست نیست.',
  invalidJson: 'بدنهٔ درخواست JSON معتبر نیست.',
  notAnObject: 'بدنهٔ درخواست باید یک شیء JSON ({…}) باشد.',
  unsupportedMediaType: 'بدنهٔ درخواست باید JSON باشد.',
  payloadTooLarge: 'حجم درخواست بیش از حد مجاز است.',
  rateLimited: 'تعداد درخواست‌ها زیاد است؛ لطفاً کمی بعد دوباره تلاش کنید.',
  notFound: 'آنچه خواستید پیدا نشد.',
  methodNotAllowed: 'این روش درخواست پشتیبانی نمی‌شود.',
  databaseUnavailable: 'سامانه لحظاتی در دسترس نیست؛ لطفاً چند ثانیهٔ دیگر دوباره تلاش کنید.',
  crossSiteForbidden: 'این درخواست از سایت دیگری فرستاده شده است و پذیرفته نمی‌شود.',
} as const;
