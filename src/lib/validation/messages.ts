/**
 * Persian validation messages (spec §5), shared by browser forms and the API.
 * Typography: ZWNJ (U+200C) in compound words (دست‌کم، پیش‌شماره، نمی‌تواند)
 * and Persian digits inside messages.
 */
import { toPersianDigits } from '../format/digits.ts';

export const validationMessages = {
  required: 'این فیلد الزامی است',
  invalidValue: 'مقدار واردشده معتبر نیست',
  controlCharacter: 'متن واردشده نویسه‌های نامعتبر دارد',
  singleLine: 'لطفاً متن را در یک سطر بنویسید',
  onlyNumber: 'لطفاً فقط عدد وارد کنید',
  persian: 'لطفاً فقط حروف فارسی وارد کنید',
  english: 'لطفاً فقط حروف انگلیسی وارد کنید',
  minPassword: 'رمز عبور باید دست‌کم ۸ کاراکتر باشد',
  number: 'لطفاً یک عدد معتبر وارد کنید',
  integer: 'لطفاً عدد صحیح وارد کنید',
  min0: 'مقدار نمی‌تواند منفی باشد',
  min1: 'تعداد باید دست‌کم ۱ باشد',
  min1000000: 'مبلغ نباید کمتر از ۱٬۰۰۰٬۰۰۰ ریال باشد',
  max100: 'مقدار نباید بیشتر از ۱۰۰ باشد',
  email: 'نشانی ایمیل معتبر نیست',
  phone: 'شماره موبایل معتبر نیست',
  phoneAndHomePhone: 'شماره تلفن معتبر نیست',
  homePhone: 'شماره تلفن ثابت را همراه با پیش‌شماره وارد کنید',
  nationalCode: 'کد ملی معتبر نیست',
  forbiddenWord: 'متن شامل واژه‌های غیرمجاز است',
  cardNumberFormat: 'شماره کارت معتبر نیست',
  cardNumberChecksum: 'شماره کارت نادرست است',
  ibanLength: 'شماره شبا باید ۲۴ رقم باشد',
  ibanInvalid: 'شماره شبا معتبر نیست',
  otpCode: 'کد تأیید باید ۵ رقم باشد',
  gender: 'لطفاً جنسیت را انتخاب کنید',
  birthday: 'تاریخ تولد معتبر نیست',
  birthdayRange: 'تاریخ تولد باید میان ۱۳۰۰/۰۱/۰۱ و امروز باشد',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

/** «حداکثر ۲۵۵ کاراکتر مجاز است» */
export function maxLengthMessage(n: number): string {
  return `حداکثر ${toPersianDigits(n)} کاراکتر مجاز است`;
}
