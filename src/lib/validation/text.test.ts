import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RequiredSchema, required } from './base.ts';
import { validationMessages as M, maxLengthMessage } from './messages.ts';
import {
  containsWord,
  EmailSchema,
  EnglishSchema,
  hasWord,
  isEnglishText,
  isPersianText,
  maxLength,
  OnlyNumberSchema,
  PasswordSchema,
  PersianOptionalSchema,
  PersianSchema,
} from './text.ts';

/** Parses and returns the output, or the issue messages. */
function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

const ZWNJ = '\u200C';

describe('required', () => {
  it.each<[unknown, string]>([
    ['سلام', 'سلام'],
    ['  علی  ', 'علی'],
    ['0', '0'],
  ])('accepts %j → %j', (input, output) => {
    expect(run(RequiredSchema, input)).toEqual({ ok: true, output });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    ['   ', M.required],
    [undefined, M.required],
    [null, M.required],
    [42, M.invalidValue],
  ])('rejects %j with %j', (input, message) => {
    expect(run(RequiredSchema, input)).toEqual({ ok: false, messages: [message] });
  });

  it('required(EmailSchema) rejects blank but keeps the email rule', () => {
    const schema = required(EmailSchema);
    expect(run(schema, ' ')).toEqual({ ok: false, messages: [M.required] });
    expect(run(schema, 'bad@')).toEqual({ ok: false, messages: [M.email] });
    expect(run(schema, ' a@b.ir ')).toEqual({ ok: true, output: 'a@b.ir' });
  });
});

describe('onlyNumber', () => {
  it.each<[unknown, string]>([
    ['12345', '12345'],
    ['۱۲۳۴۵', '12345'],
    ['٠٩١٢', '0912'],
    [' 007 ', '007'],
    ['', ''],
    [undefined, ''],
  ])('accepts %j → %j', (input, output) => {
    expect(run(OnlyNumberSchema, input)).toEqual({ ok: true, output });
  });

  it.each(['12a', '1 2', '-5', '1.5', '۱۲,۰۰۰', 'abc'])('rejects %j', (input) => {
    expect(run(OnlyNumberSchema, input)).toEqual({ ok: false, messages: [M.onlyNumber] });
  });
});

describe('persian / persianOptional', () => {
  const valid: [string, string][] = [
    ['علی رضایی', 'علی رضایی'],
    [`می${ZWNJ}خواهم`, `می${ZWNJ}خواهم`],
    ['پلاک ۱۲ (واحد ٣) 4', 'پلاک ۱۲ (واحد ٣) 4'],
    ['مسئول مؤسسه رأی', 'مسئول مؤسسه رأی'],
    ['خانۀ ژاله چگونه گچ', 'خانۀ ژاله چگونه گچ'],
    // Arabic yeh/kaf from Windows keyboards are accepted and normalised.
    ['علي كريمي', 'علی کریمی'],
    ['  مریم  ', 'مریم'],
  ];

  it.each(valid)('PersianSchema accepts %j → %j', (input, output) => {
    expect(run(PersianSchema, input)).toEqual({ ok: true, output });
  });

  it.each(valid)('PersianOptionalSchema accepts %j → %j', (input, output) => {
    expect(run(PersianOptionalSchema, input)).toEqual({ ok: true, output });
  });

  const invalid = ['Ali', 'علی Ali', 'علی!', 'علی، رضا', 'علی-رضا', 'سلام 😀'];

  it.each(invalid)('rejects %j', (input) => {
    expect(run(PersianSchema, input)).toEqual({ ok: false, messages: [M.persian] });
    expect(run(PersianOptionalSchema, input)).toEqual({ ok: false, messages: [M.persian] });
  });

  it.each(['علی\nرضا', 'علی\tرضا', 'علی\r\nرضا', 'علی\u2028رضا'])('refuses %j as more than one line', (input) => {
    expect(run(PersianSchema, input)).toEqual({ ok: false, messages: [M.singleLine] });
    expect(run(PersianOptionalSchema, input)).toEqual({ ok: false, messages: [M.singleLine] });
  });

  it.each(['', '   ', undefined])('empty %j: PersianSchema required, PersianOptionalSchema → ""', (input) => {
    expect(run(PersianSchema, input)).toEqual({ ok: false, messages: [M.required] });
    expect(run(PersianOptionalSchema, input)).toEqual({ ok: true, output: '' });
  });

  it.each<[string, boolean]>([
    [`نیم${ZWNJ}فاصله`, true],
    ['', true],
    ['hello', false],
    ['سلام?', false],
  ])('isPersianText(%j) → %s', (s, expected) => {
    expect(isPersianText(s)).toBe(expected);
  });
});

describe('english', () => {
  it.each<[unknown, string]>([
    ['John Smith', 'John Smith'],
    [' abc XYZ ', 'abc XYZ'],
    ['', ''],
    [undefined, ''],
  ])('accepts %j → %j', (input, output) => {
    expect(run(EnglishSchema, input)).toEqual({ ok: true, output });
  });

  it.each(['John2', 'علی', 'John-Smith', "O'Neil", 'Émile'])('rejects %j', (input) => {
    expect(run(EnglishSchema, input)).toEqual({ ok: false, messages: [M.english] });
  });

  it.each<[string, boolean]>([
    ['Ali', true],
    ['Ali1', false],
  ])('isEnglishText(%j) → %s', (s, expected) => {
    expect(isEnglishText(s)).toBe(expected);
  });
});

describe('minPassword', () => {
  it.each(['12345678', 'abcdefgh', 'رمز عبور خوب', ' pass word '])('accepts %j unchanged', (input) => {
    expect(run(PasswordSchema, input)).toEqual({ ok: true, output: input });
  });

  it.each<[unknown, string]>([
    ['1234567', M.minPassword],
    ['a', M.minPassword],
    ['', M.required],
    [undefined, M.required],
  ])('rejects %j with %j', (input, message) => {
    expect(run(PasswordSchema, input)).toEqual({ ok: false, messages: [message] });
  });
});

describe('email', () => {
  it.each<[unknown, string]>([
    ['user@example.com', 'user@example.com'],
    [' first.last+tag@hospital.co.ir ', 'first.last+tag@hospital.co.ir'],
    ['', ''],
    [undefined, ''],
  ])('accepts %j → %j', (input, output) => {
    expect(run(EmailSchema, input)).toEqual({ ok: true, output });
  });

  it.each(['user', 'user@', '@example.com', 'user@example', 'a b@example.com', 'user@@example.com'])('rejects %j', (input) => {
    expect(run(EmailSchema, input)).toEqual({ ok: false, messages: [M.email] });
  });
});

describe('hasWord', () => {
  const forbidden = ['spam', 'کلاهبردار', `بی${ZWNJ}ادب`];
  const schema = v.pipe(v.string(), hasWord(forbidden));

  it.each(['یک متن معمولی', 'sp am', 'کلاه بردار', ''])('accepts %j', (input) => {
    expect(run(schema, input)).toEqual({ ok: true, output: input });
  });

  it.each([
    'this is spam',
    'This is SPAM!',
    'او کلاهبردار است',
    // Arabic kaf/yeh in the input still match the Persian forbidden word.
    'او كلاهبردار است',
    'آدم بیادب',
    `آدم بي${ZWNJ}ادب`,
  ])('rejects %j', (input) => {
    expect(run(schema, input)).toEqual({ ok: false, messages: [M.forbiddenWord] });
  });

  it.each<[string, readonly string[], boolean]>([
    ['hello', [], false],
    ['hello', ['', '  '], false],
    ['hello', ['LL'], true],
    ['یکی', ['يك'], true],
  ])('containsWord(%j, %j) → %s', (text, words, expected) => {
    expect(containsWord(text, words)).toBe(expected);
  });

  it('uses a custom message', () => {
    const custom = v.pipe(v.string(), hasWord(['x'], 'نه'));
    expect(run(custom, 'x')).toEqual({ ok: false, messages: ['نه'] });
  });
});

describe('maxLength', () => {
  const schema = v.pipe(v.string(), maxLength(5));

  it.each(['', 'abcde', 'سلام!'])('accepts %j', (input) => {
    expect(run(schema, input)).toEqual({ ok: true, output: input });
  });

  it.each(['abcdef', 'سلام دنیا'])('rejects %j', (input) => {
    expect(run(schema, input)).toEqual({ ok: false, messages: ['حداکثر ۵ کاراکتر مجاز است'] });
  });

  it.each<[number, string]>([
    [5, 'حداکثر ۵ کاراکتر مجاز است'],
    [255, 'حداکثر ۲۵۵ کاراکتر مجاز است'],
  ])('maxLengthMessage(%s) → %j', (n, expected) => {
    expect(maxLengthMessage(n)).toBe(expected);
  });
});
