import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages as M } from './messages.ts';
import { BirthdaySchema, isIsoDate, PersonNameSchema } from './person.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

describe('PersonNameSchema', () => {
  it('takes required Persian text up to 50 characters', () => {
    expect(run(PersonNameSchema, ' مريم ')).toEqual({ ok: true, output: 'مریم' });
    expect(run(PersonNameSchema, 'ن'.repeat(50)).ok).toBe(true);
    expect(run(PersonNameSchema, 'ن'.repeat(51))).toEqual({ ok: false, messages: ['حداکثر ۵۰ کاراکتر مجاز است'] });
    expect(run(PersonNameSchema, 'Maryam')).toEqual({ ok: false, messages: [M.persian] });
    expect(run(PersonNameSchema, '')).toEqual({ ok: false, messages: [M.required] });
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2023-13-01', false],
    ['2023-1-01', false],
    ['1990-05-01', true],
  ])('%s → %s', (input, expected) => {
    expect(isIsoDate(input)).toBe(expected);
  });
});

describe('BirthdaySchema', () => {
  afterEach(() => vi.useRealTimers());

  it('treats missing, null and empty as "not given"', () => {
    for (const input of [undefined, null, '']) expect(run(BirthdaySchema, input)).toEqual({ ok: true, output: null });
  });

  it('takes real dates from 1300/01/01 (1921-03-21) up to today in Tehran, in any digits', () => {
    vi.useFakeTimers({ now: new Date('2026-03-20T21:00:00Z'), toFake: ['Date'] }); // 00:30 on 21 March in Tehran
    expect(run(BirthdaySchema, '1921-03-21')).toEqual({ ok: true, output: '1921-03-21' });
    expect(run(BirthdaySchema, '۱۹۹۰-۰۵-۰۱')).toEqual({ ok: true, output: '1990-05-01' });
    expect(run(BirthdaySchema, '2026-03-21')).toEqual({ ok: true, output: '2026-03-21' });
    expect(run(BirthdaySchema, '2026-03-22')).toEqual({ ok: false, messages: [M.birthdayRange] });
    expect(run(BirthdaySchema, '1921-03-20')).toEqual({ ok: false, messages: [M.birthdayRange] });
  });

  it('refuses what is not a real Gregorian date', () => {
    expect(run(BirthdaySchema, '1990-02-30')).toEqual({ ok: false, messages: [M.birthday] });
    expect(run(BirthdaySchema, '1369/02/11')).toEqual({ ok: false, messages: [M.birthday] });
    expect(run(BirthdaySchema, 19900501)).toEqual({ ok: false, messages: [M.invalidValue] });
  });
});
