import { describe, expect, it } from 'vitest';
import * as lib from './index.ts';
import { validationMessages } from './messages.ts';

const entries = Object.entries(validationMessages);

describe('validation messages', () => {
  it.each<[string, string]>([
    ['required', 'این فیلد الزامی است'],
    ['phone', 'شماره موبایل معتبر نیست'],
    ['nationalCode', 'کد ملی معتبر نیست'],
    ['cardNumberFormat', 'شماره کارت معتبر نیست'],
    ['cardNumberChecksum', 'شماره کارت نادرست است'],
    ['ibanLength', 'شماره شبا باید ۲۴ رقم باشد'],
    ['ibanInvalid', 'شماره شبا معتبر نیست'],
  ])('%s is %j (spec wording)', (key, text) => {
    expect(validationMessages[key as keyof typeof validationMessages]).toBe(text);
  });

  it.each(entries)('%s uses Persian ی/ک, no Latin digits and no stray spaces', (_key, text) => {
    expect(text).not.toMatch(/[\u064A\u0643]/);
    expect(text).not.toMatch(/[0-9]/);
    expect(text).toBe(text.trim());
    expect(text).not.toMatch(/ {2}/);
  });

  it.each(entries.filter(([, text]) => /دست|نمی|پیش|واژه|واردشده/.test(text)))('%s joins compound words with ZWNJ', (_key, text) => {
    expect(text).not.toMatch(/دست کم|نمی |پیش شماره|واژه های|وارد شده/);
    expect(text).toMatch(/\u200C|واردشده/);
  });

  it('are all distinct', () => {
    expect(new Set(Object.values(validationMessages)).size).toBe(entries.length);
  });

  it('index re-exports the schemas and predicates', () => {
    for (const name of [
      'RequiredSchema',
      'OnlyNumberSchema',
      'PersianSchema',
      'PersianOptionalSchema',
      'EnglishSchema',
      'PasswordSchema',
      'Min0Schema',
      'Min1Schema',
      'Min1000000Schema',
      'Max100Schema',
      'EmailSchema',
      'PhoneSchema',
      'MobileSchema',
      'PhoneAndHomePhoneSchema',
      'HomePhoneSchema',
      'NationalCodeOptionalSchema',
      'NationalCodeSchema',
      'CardNumberSchema',
      'IbanWithoutIRSchema',
      'OtpCodeSchema',
      'GenderSchema',
      'isValidNationalCode',
      'isValidIranianMobile',
      'normalizePhone',
      'luhn',
      'isValidIban',
      'isValidCardNumber',
      'hasWord',
      'maxLength',
      'TextInputSchema',
      'SingleLineInputSchema',
      'noControlCharacters',
      'singleLine',
      'hasControlCharacter',
      'normalizeText',
      'isBlank',
    ]) {
      expect(lib, name).toHaveProperty(name);
    }
  });
});
