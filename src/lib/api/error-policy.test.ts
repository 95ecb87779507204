import { describe, expect, it } from 'vitest';
import { applyErrorPolicy, type ErrorEffects, type FailedCall, type PolicyOptions } from './error-policy.ts';
import { apiMessages } from './messages.ts';

function record(call: FailedCall, hasHistory = true, options: PolicyOptions = {}) {
  const seen: string[] = [];
  const effects: ErrorEffects = {
    toastError: (message) => seen.push(`toast:${message}`),
    reauthenticate: () => seen.push('reauthenticate'),
    navigate: (path) => seen.push(`navigate:${path}`),
    goBack: () => {
      seen.push('back');
      return hasHistory;
    },
    log: () => seen.push('log'),
  };
  applyErrorPolicy(call, effects, options);
  return seen;
}

describe('error policy (spec §8)', () => {
  it.each<[string, FailedCall, string[]]>([
    ['no response', { status: undefined, body: undefined }, [`toast:${apiMessages.noInternet}`]],
    ['401 opens login and logs out', { status: 401, body: { message: 'x' } }, ['reauthenticate']],
    ['body errors: one toast each', { status: 422, body: { success: false, message: 'm', errors: { a: ['یک', 'دو'], b: ['سه'] } } }, ['toast:یک', 'toast:دو', 'toast:سه']],
    ['404 goes to /404', { status: 404, body: { success: false, message: 'x' } }, ['navigate:/404']],
    ['406 toasts its message and goes back', { status: 406, body: { message: 'برگشت' } }, ['toast:برگشت', 'back']],
    ['406 without a message', { status: 406, body: null }, [`toast:${apiMessages.unknown}`, 'back']],
    ['other 4xx are only logged', { status: 409, body: { message: 'x' } }, ['log']],
    ['429 is only logged', { status: 429, body: {} }, ['log']],
    ['5xx toasts the server error', { status: 503, body: '<html>' }, [`toast:${apiMessages.serverError}`]],
    ['500 ignores the body message', { status: 500, body: { message: 'stack trace' } }, [`toast:${apiMessages.serverError}`]],
  ])('%s', (_title, call, expected) => {
    expect(record(call)).toEqual(expected);
  });
});

describe('error policy for forms (inline field errors)', () => {
  const invalid: FailedCall = { status: 422, body: { message: 'm', errors: { first_name: ['فقط حروف فارسی'] } } };

  it('leaves 422 field errors to the form', () => {
    expect(record(invalid, true, { inlineFieldErrors: true })).toEqual([]);
  });

  it('still toasts them without the option', () => {
    expect(record(invalid)).toEqual(['toast:فقط حروف فارسی']);
  });

  it('still reauthenticates on 401 and toasts 5xx', () => {
    expect(record({ status: 401, body: {} }, true, { inlineFieldErrors: true })).toEqual(['reauthenticate']);
    expect(record({ status: 502, body: {} }, true, { inlineFieldErrors: true })).toEqual([`toast:${apiMessages.serverError}`]);
  });
});

describe('error policy for forms that show refusals themselves', () => {
  it('leaves 406 and 409 to the form, with or without field errors', () => {
    const options = { inlineFieldErrors: true, inlineRefusals: true };
    expect(record({ status: 406, body: { message: 'موجودی کافی نیست', errors: { amount: ['موجودی کافی نیست'] } } }, true, options)).toEqual([]);
    expect(record({ status: 406, body: { message: 'پنج درخواست' } }, true, options)).toEqual([]);
    expect(record({ status: 409, body: { message: 'دیگر در انتظار نیست' } }, true, options)).toEqual([]);
  });

  it('still goes back on 406 without the option, and still toasts 5xx with it', () => {
    expect(record({ status: 406, body: { message: 'برگشت' } }, true, { inlineFieldErrors: true })).toEqual(['toast:برگشت', 'back']);
    expect(record({ status: 503, body: {} }, true, { inlineRefusals: true })).toEqual([`toast:${apiMessages.serverError}`]);
  });
});

describe('error policy for pages that say «not found» themselves', () => {
  it('leaves a 404 to the page, and still reauthenticates on 401 and toasts 5xx', () => {
    const options = { inlineNotFound: true };
    expect(record({ status: 404, body: { success: false, message: 'درخواست پیدا نشد' } }, true, options)).toEqual([]);
    expect(record({ status: 401, body: {} }, true, options)).toEqual(['reauthenticate']);
    expect(record({ status: 500, body: {} }, true, options)).toEqual([`toast:${apiMessages.serverError}`]);
  });

  it('still goes to /404 without the option', () => {
    expect(record({ status: 404, body: { message: 'x' } })).toEqual(['navigate:/404']);
  });
});
