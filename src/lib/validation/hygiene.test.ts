/**
 * Input hygiene across every rule of the library: invisible characters, control characters and
 * line breaks. The order is: refuse controls, normalise, "required", format.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CardNumberSchema, IbanWithoutIRSchema } from './bank.ts';
import { RequiredSchema, required, SingleLineInputSchema, TextInputSchema } from './base.ts';
import { validationMessages as M } from './messages.ts';
import { NationalCodeOptionalSchema, NationalCodeSchema } from './national-code.ts';
import { hasControlCharacter, hasLineBreak, isBlank, normalizeText } from './normalize.ts';
import { OtpCodeSchema } from './otp.ts';
import { BirthdaySchema, PersonNameSchema } from './person.ts';
import { HomePhoneSchema, MobileSchema, PhoneAndHomePhoneSchema, PhoneSchema } from './phone.ts';
import { EmailSchema, EnglishSchema, OnlyNumberSchema, PasswordSchema, PersianOptionalSchema, PersianSchema } from './text.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

const ZWNJ = '\u200C';

/** Values a person cannot see: each is empty once normalised. */
const invisibleOnly: [string, string][] = [
  ['ten zero-width spaces', '\u200B'.repeat(10)],
  ['ten ZWNJs', ZWNJ.repeat(10)],
  ['LRM, RLM and a bidi embedding', '\u200E\u200F\u202B\u202C'],
  ['isolates, ALM and ZWJ', '\u2066\u2069\u061C\u200D'],
  ['BOM, no-break and thin spaces', '\uFEFF\u00A0\u2009'],
  ['word joiner and soft hyphen', '\u2060\u00AD'],
  ['a mix with whitespace and a line break', ` \u200B${ZWNJ} \t\n\u200F`],
];

const requiredRules: [string, v.GenericSchema][] = [
  ['RequiredSchema', RequiredSchema],
  ['MobileSchema', MobileSchema],
  ['NationalCodeSchema', NationalCodeSchema],
  ['PersianSchema', PersianSchema],
  ['PersonNameSchema', PersonNameSchema],
  ['OtpCodeSchema', OtpCodeSchema],
  ['required(EmailSchema)', required(EmailSchema)],
  ['required(EnglishSchema)', required(EnglishSchema)],
  ['required(OnlyNumberSchema)', required(OnlyNumberSchema)],
  ['required(HomePhoneSchema)', required(HomePhoneSchema)],
  ['required(PhoneAndHomePhoneSchema)', required(PhoneAndHomePhoneSchema)],
  ['required(CardNumberSchema)', required(CardNumberSchema)],
  ['required(IbanWithoutIRSchema)', required(IbanWithoutIRSchema)],
];

describe('a value made only of invisible characters is empty', () => {
  describe.each(requiredRules)('%s', (_name, schema) => {
    it.each(invisibleOnly)('refuses %s with «الزامی»', (_title, input) => {
      expect(run(schema, input)).toEqual({ ok: false, messages: [M.required] });
    });
  });

  const optionalRules: [string, v.GenericSchema, unknown][] = [
    ['PhoneSchema', PhoneSchema, ''],
    ['HomePhoneSchema', HomePhoneSchema, ''],
    ['PhoneAndHomePhoneSchema', PhoneAndHomePhoneSchema, ''],
    ['NationalCodeOptionalSchema', NationalCodeOptionalSchema, ''],
    ['PersianOptionalSchema', PersianOptionalSchema, ''],
    ['EnglishSchema', EnglishSchema, ''],
    ['EmailSchema', EmailSchema, ''],
    ['OnlyNumberSchema', OnlyNumberSchema, ''],
    ['CardNumberSchema', CardNumberSchema, ''],
    ['IbanWithoutIRSchema', IbanWithoutIRSchema, ''],
    ['BirthdaySchema', BirthdaySchema, null],
  ];
  describe.each(optionalRules)('%s (optional)', (_name, schema, empty) => {
    it.each(invisibleOnly)('turns %s into the empty value', (_title, input) => {
      expect(run(schema, input)).toEqual({ ok: true, output: empty });
    });
  });
});

describe('separators alone are not a number (never stored as "")', () => {
  it.each<[string, v.GenericSchema, string, string]>([
    ['MobileSchema', MobileSchema, '-- ()', M.phone],
    ['PhoneSchema', PhoneSchema, '- -', M.phone],
    ['HomePhoneSchema', HomePhoneSchema, '()', M.homePhone],
    ['PhoneAndHomePhoneSchema', PhoneAndHomePhoneSchema, '--', M.phoneAndHomePhone],
    ['NationalCodeSchema', NationalCodeSchema, '---', M.nationalCode],
    ['NationalCodeOptionalSchema', NationalCodeOptionalSchema, '- - -', M.nationalCode],
    ['CardNumberSchema', CardNumberSchema, '----', M.cardNumberFormat],
    ['IbanWithoutIRSchema', IbanWithoutIRSchema, 'IR', M.ibanLength],
    ['OtpCodeSchema', OtpCodeSchema, '-----', M.otpCode],
  ])('%s refuses %j with its format message', (_name, schema, input, message) => {
    expect(run(schema, input)).toEqual({ ok: false, messages: [message] });
  });
});

describe('invisible characters around and inside a value are dropped; ZWNJ inside a word stays', () => {
  it.each<[string, v.GenericSchema, string, unknown]>([
    ['MobileSchema', MobileSchema, '\u200F۰۹۱۲۱۲۳۴۵۶۷\u200E', '09121234567'],
    ['MobileSchema', MobileSchema, '\u202A+98 912 123 4567\u202C\u200B', '09121234567'],
    ['NationalCodeSchema', NationalCodeSchema, '\u2067۰۴۹۹۳۷۰۸۹۹\u2069', '0499370899'],
    ['PersianSchema', PersianSchema, `${ZWNJ}\u200Bعلی${ZWNJ} `, 'علی'],
    ['PersianSchema', PersianSchema, `می${ZWNJ}خواهم`, `می${ZWNJ}خواهم`],
    ['PersonNameSchema', PersonNameSchema, 'عل\u200Fی رضا\u200Bیی', 'علی رضایی'],
    ['EmailSchema', EmailSchema, '\uFEFFa@b.ir\u200E', 'a@b.ir'],
    ['OtpCodeSchema', OtpCodeSchema, '\u200E۱۲۳۴۵', '12345'],
    ['BirthdaySchema', BirthdaySchema, '\u200E1990-01-31', '1990-01-31'],
  ])('%s: %j → %j', (_name, schema, input, output) => {
    expect(run(schema, input)).toEqual({ ok: true, output });
  });
});

/** Characters no text field takes. */
const controls: [string, string][] = [
  ['NUL', '\u0000'],
  ['SOH', '\u0001'],
  ['backspace', '\u0008'],
  ['vertical tab', '\u000B'],
  ['form feed', '\u000C'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['NEL (C1)', '\u0085'],
  ['APC (C1)', '\u009F'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '\uDC00'],
];

/** Every rule that takes a string, with a value it accepts; the control goes in the middle. */
const stringRules: [string, v.GenericSchema, string][] = [
  ['TextInputSchema', TextInputSchema, 'متن آزاد'],
  ['SingleLineInputSchema', SingleLineInputSchema, 'یک خط'],
  ['RequiredSchema', RequiredSchema, 'سلام'],
  ['PhoneSchema', PhoneSchema, '09121234567'],
  ['MobileSchema', MobileSchema, '09121234567'],
  ['HomePhoneSchema', HomePhoneSchema, '02188776655'],
  ['PhoneAndHomePhoneSchema', PhoneAndHomePhoneSchema, '02188776655'],
  ['NationalCodeOptionalSchema', NationalCodeOptionalSchema, '0499370899'],
  ['NationalCodeSchema', NationalCodeSchema, '0499370899'],
  ['PersianSchema', PersianSchema, 'علی'],
  ['PersianOptionalSchema', PersianOptionalSchema, 'علی'],
  ['PersonNameSchema', PersonNameSchema, 'علی'],
  ['EnglishSchema', EnglishSchema, 'Ali'],
  ['EmailSchema', EmailSchema, 'a@b.ir'],
  ['OnlyNumberSchema', OnlyNumberSchema, '1234'],
  ['PasswordSchema', PasswordSchema, 'password'],
  ['CardNumberSchema', CardNumberSchema, '6219861034529007'],
  ['IbanWithoutIRSchema', IbanWithoutIRSchema, '062960000000100324200001'],
  ['OtpCodeSchema', OtpCodeSchema, '12345'],
  ['BirthdaySchema', BirthdaySchema, '1990-01-31'],
];

describe('control characters are refused by every string rule', () => {
  describe.each(stringRules)('%s', (_name, schema, valid) => {
    it(`accepts ${JSON.stringify(valid)}`, () => {
      expect(run(schema, valid).ok).toBe(true);
    });

    it.each(controls)('refuses %s with «نویسه‌های نامعتبر» alone', (_title, control) => {
      const middle = Math.floor(valid.length / 2);
      const input = `${valid.slice(0, middle)}${control}${valid.slice(middle)}`;
      expect(run(schema, input)).toEqual({ ok: false, messages: [M.controlCharacter] });
      // At an end too: trimming must not make it disappear first.
      expect(run(schema, `${valid}${control}`)).toEqual({ ok: false, messages: [M.controlCharacter] });
    });
  });
});

describe('line breaks: single-line rules refuse them, number rules drop them, free text keeps them', () => {
  it.each<[string, v.GenericSchema, string]>([
    ['SingleLineInputSchema', SingleLineInputSchema, 'یک\nدو'],
    ['PersianSchema', PersianSchema, 'علی\r\nرضا'],
    ['PersonNameSchema', PersonNameSchema, 'علی\tرضا'],
    ['EnglishSchema', EnglishSchema, 'Ali\nReza'],
    ['EmailSchema', EmailSchema, 'a@b.ir\nb@c.ir'],
  ])('%s refuses %j', (_name, schema, input) => {
    expect(run(schema, input)).toEqual({ ok: false, messages: [M.singleLine] });
  });

  it.each<[string, v.GenericSchema, string, string]>([
    ['PersianSchema', PersianSchema, 'علی\n', 'علی'],
    ['MobileSchema', MobileSchema, '0912\n123\t4567', '09121234567'],
    ['NationalCodeSchema', NationalCodeSchema, '049937\r\n0899', '0499370899'],
    ['TextInputSchema', TextInputSchema, ' خط اول\nخط دوم\t(ادامه)\n', 'خط اول\nخط دوم\t(ادامه)'],
    ['RequiredSchema', RequiredSchema, 'سلام 😀\nخداحافظ', 'سلام 😀\nخداحافظ'],
  ])('%s: %j → %j', (_name, schema, input, output) => {
    expect(run(schema, input)).toEqual({ ok: true, output });
  });
});

describe('normalize helpers', () => {
  it.each<[string, boolean]>([
    ['', false],
    ['سلام\tدنیا\r\n', false],
    ['😀', false],
    [`می${ZWNJ}شود`, false],
    ['\u0000', true],
    ['a\u007Fb', true],
    ['\u0080', true],
    ['\uD83D', true],
    ['\uDE00x', true],
    ['x\uD83D\uDE00\uDE00', true],
  ])('hasControlCharacter(%j) → %s', (s, expected) => {
    expect(hasControlCharacter(s)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['a b', false],
    ['a\nb', true],
    ['a\tb', true],
    ['a\u2029b', true],
  ])('hasLineBreak(%j) → %s', (s, expected) => {
    expect(hasLineBreak(s)).toBe(expected);
  });

  it.each(invisibleOnly)('isBlank(%s) and normalizeText → ""', (_title, s) => {
    expect(isBlank(s)).toBe(true);
    expect(normalizeText(s)).toBe('');
  });

  it.each<[string, string]>([
    [`${ZWNJ}نیم${ZWNJ}فاصله${ZWNJ}`, `نیم${ZWNJ}فاصله`],
    ['\u200Bab\u200Bc ', 'abc'],
    ['۰۹۱۲', '۰۹۱۲'],
  ])('normalizeText(%j) → %j', (s, expected) => {
    expect(normalizeText(s)).toBe(expected);
  });
});
