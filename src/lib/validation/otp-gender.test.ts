import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GenderSchema } from './gender.ts';
import { validationMessages as M } from './messages.ts';
import { OtpCodeSchema } from './otp.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

describe('OtpCodeSchema', () => {
  it.each<[string, string]>([
    ['12345', '12345'],
    ['۱۲۳۴۵', '12345'],
    ['٠٩٨٧٦', '09876'],
    [' 00000 ', '00000'],
    ['12 345', '12345'],
  ])('accepts %j → %j', (input, output) => {
    expect(run(OtpCodeSchema, input)).toEqual({ ok: true, output });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    [undefined, M.required],
    ['1234', M.otpCode],
    ['123456', M.otpCode],
    ['12a45', M.otpCode],
    ['۱۲۳۴', M.otpCode],
    [12345, M.invalidValue],
  ])('rejects %j with %j', (input, message) => {
    expect(run(OtpCodeSchema, input)).toEqual({ ok: false, messages: [message] });
  });
});

describe('GenderSchema', () => {
  it.each<[unknown, string]>([
    ['male', 'male'],
    ['female', 'female'],
    [undefined, 'female'],
  ])('accepts %j → %j', (input, output) => {
    expect(run(GenderSchema, input)).toEqual({ ok: true, output });
  });

  it.each<[unknown]>([['Male'], ['other'], [''], [null], [1]])('rejects %j', (input) => {
    expect(run(GenderSchema, input)).toEqual({ ok: false, messages: [M.gender] });
  });
});
