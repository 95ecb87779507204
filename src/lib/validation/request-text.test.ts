import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as M, maxLengthMessage } from './messages.ts';
import { ADDRESS_MAX_LENGTH, AddressSchema, addressMessages, FORBIDDEN_WORDS, NOTES_MAX_LENGTH, NotesSchema } from './request-text.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

describe('AddressSchema', () => {
  it.each(['تهران، خیابان ولیعصر، کوچهٔ ۱۲، پلاک ۳، واحد ۴', 'کرج - گوهردشت - بلوار موذن - پلاک 15/2', 'اصفهان، خیابان چهارباغ بالا (روبه‌روی پارک)، طبقهٔ دوم'])(
    'accepts an Iranian address: %s',
    (address) => {
      expect(run(AddressSchema, address)).toMatchObject({ ok: true });
    },
  );

  it('folds Arabic ي and ك into Persian ی and ک', () => {
    expect(run(AddressSchema, 'تهران، خيابان كارگر، پلاك ۱')).toEqual({ ok: true, output: 'تهران، خیابان کارگر، پلاک ۱' });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    ['   ', M.required],
    ['Tehran, Valiasr St. 12', addressMessages.persian],
    ['تهران <b>ولیعصر</b> پلاک ۱۲', addressMessages.persian],
    ['تهران', addressMessages.tooShort],
    ['تهران، خیابان ولیعصر\nپلاک ۱۲', M.singleLine],
    ['تهران، خیابان ولیعصر\u0000پلاک ۱۲', M.controlCharacter],
    [`تهران، ${'خیابان '.repeat(60)}`, maxLengthMessage(ADDRESS_MAX_LENGTH)],
    [42, M.invalidValue],
  ])('refuses %j with «%s»', (input, message) => {
    const result = run(AddressSchema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.messages).toContain(message);
  });

  it('refuses a forbidden word, also written with Arabic letters or without its ZWNJ', () => {
    for (const address of ['تهران، خیابان ولیعصر، احمق پلاک ۱۲', 'تهران، خیابان ولیعصر، بیشعور پلاک ۱۲', 'تهران، خیابان ولیعصر، کثافت پلاک ۱۲']) {
      expect(run(AddressSchema, address)).toEqual({ ok: false, messages: [M.forbiddenWord] });
    }
  });

  it('does not refuse ordinary street names that share letters with a forbidden word', () => {
    for (const address of ['تهران، خیابان احمدقصیر، پلاک ۲', 'تهران، خیابان شهید عوض‌زاده، پلاک ۲', 'شیراز، کوچهٔ لعل، پلاک ۵']) {
      expect(run(AddressSchema, address)).toMatchObject({ ok: true });
    }
  });
});

describe('NotesSchema', () => {
  it('is optional, keeps several lines and any language', () => {
    expect(run(NotesSchema, undefined)).toEqual({ ok: true, output: '' });
    expect(run(NotesSchema, 'داروها: Ceftriaxone 1g\nساعت ۸ صبح')).toEqual({ ok: true, output: 'داروها: Ceftriaxone 1g\nساعت ۸ صبح' });
  });

  it('refuses more than 500 characters and forbidden words', () => {
    expect(run(NotesSchema, 'ا'.repeat(NOTES_MAX_LENGTH + 1))).toEqual({ ok: false, messages: [maxLengthMessage(NOTES_MAX_LENGTH)] });
    expect(run(NotesSchema, 'پرستار <script>alert(1)</script>')).toEqual({ ok: false, messages: [M.forbiddenWord] });
  });
});

describe('the forbidden-words list', () => {
  it('has no blank or duplicate entries', () => {
    expect(FORBIDDEN_WORDS.every((word) => word.trim() === word && word !== '')).toBe(true);
    expect(new Set(FORBIDDEN_WORDS).size).toBe(FORBIDDEN_WORDS.length);
  });
});
