export const paymentMessages = {
  tooManyOpen: 'چند پرداخت نیمه‌تمام دارید؛ چند دقیقه بعد دوباره تلاش کنید',
  notFound: 'پرداخت پیدا نشد',
  payerRefundDone: 'این مبلغ پیش‌تر به کارت پرداخت‌کننده برگردانده شده است',
  belowBankMinimum: 'درگاه بانک کمتر از ۱۰٬۰۰۰ ریال نمی‌پذیرد؛ این مبلغ را با موجودی کیف پول بپردازید',
  gatewayDown: 'درگاه بانک در دسترس نیست؛ چند دقیقه بعد دوباره تلاش کنید',
  purposes: {
    wallet_charge: 'شارژ کیف پول',
    appointment: 'پرداخت نوبت',
    invoice: 'پرداخت صورت‌حساب',
  },
} as const;
