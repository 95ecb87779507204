export const paymentMessages = {
  tooManyOpen: 'چند پرداخت نیمه‌تمام دارید؛ چند دقیقه بعد دوباره تلاش کنید',
  notFound: 'پرداخت پیدا نشد',
  gatewayDown: 'درگاه بانک در دسترس نیست؛ چند دقیقه بعد دوباره تلاش کنید',
  purposes: {
    wallet_charge: 'شارژ کیف پول',
    appointment: 'پرداخت نوبت',
    invoice: 'پرداخت صورت‌حساب',
  },
} as const;
