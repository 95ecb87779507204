import { describe, expect, it } from 'vitest';
import { accountMessages } from '../accounts/messages.ts';
import { authMessages, waitPhrase } from './messages.ts';

const texts: Array<[string, string]> = [...Object.entries(accountMessages), ...Object.entries(authMessages)].flatMap(
  ([key, value]): Array<[string, string]> => (typeof value === 'string' ? [[key, value]] : [45, 300, 7200].map((seconds) => [`${key}(${seconds})`, value(seconds)])),
);

describe('login and account messages', () => {
  it.each(texts)('%s is Persian with Persian digits, ی/ک and ZWNJ', (_key, text) => {
    expect(text).toMatch(/[\u0600-\u06FF]/);
    expect(text).not.toMatch(/[0-9\u064A\u0643]/);
    expect(text).not.toMatch(/ {2}|(^|\s)(می|نمی) |پیش کد|تازه ای|درخواست های|ثبت نام/);
    expect(text).toBe(text.trim());
  });

  it('says how long to wait in the largest whole unit', () => {
    expect(waitPhrase(45)).toBe('۴۵ ثانیهٔ دیگر');
    expect(waitPhrase(61)).toBe('۲ دقیقهٔ دیگر');
    expect(waitPhrase(7200)).toBe('۲ ساعت دیگر');
    expect(waitPhrase(0.2)).toBe('۱ ثانیهٔ دیگر');
  });

  it('keeps the wording the front end was promised', () => {
    expect(authMessages.codeWrong).toBe('کد تأیید درست نیست');
    expect(accountMessages.profileUpdated).toBe('پروفایل شما با موفقیت ویرایش شد');
  });
});
