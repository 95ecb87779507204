import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeZarinpal, type FakeZarinpalFault, startFakeZarinpal } from '../../../../tests/support/fake-zarinpal.ts';
import { rejection } from '../../../../tests/support/rejection.ts';
import { parseEnv } from '../../env.ts';
import { GatewayError, type GatewayRequest, type PaymentGateway } from '../gateway.ts';
import { createGateway } from './index.ts';
import { createZarinpalGateway, zarinpalBaseUrl } from './zarinpal.ts';

const merchantId = randomUUID();
const charge: GatewayRequest = {
  amount: 12_500_000,
  description: 'شارژ کیف پول',
  callbackUrl: 'https://portal.example.ir/return-bank?payment=pay_7Qx2',
  mobile: '09121234567',
};

let fake: FakeZarinpal;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeZarinpal({ merchantId });
  gateway = createZarinpalGateway({ merchantId, baseUrl: fake.baseUrl, timeoutMs: 500 });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.fault = undefined;
  fake.errorStatus = 400;
  // Every call the adapter made was one Zarinpal would accept (tests that expect a refusal take it).
  expect(fake.refusals.splice(0)).toEqual([]);
});

function expectNoMerchantId(text: string) {
  expect(text).not.toContain(merchantId);
  expect(text.toLowerCase()).not.toContain(merchantId.toLowerCase());
}

describe('Zarinpal gateway: request', () => {
  it('registers the payment in rials and sends the browser to StartPay with the authority', async () => {
    const start = await gateway.request(charge);
    expect(start.authority).toMatch(/^A[0-9a-z]{35}$/);
    expect(start.redirectUrl).toBe(`${fake.baseUrl}/pg/StartPay/${start.authority}`);
    // A reload of /go-to-bank sends the browser to the same place for the stored authority.
    expect(gateway.bankUrl(start.authority)).toBe(start.redirectUrl);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/pg/v4/payment/request.json' });
    expect(sent.contentType).toMatch(/^application\/json/);
    expect(sent.body).toEqual({
      merchant_id: merchantId,
      amount: 12_500_000,
      currency: 'IRR',
      description: 'شارژ کیف پول',
      callback_url: charge.callbackUrl,
      metadata: { mobile: '09121234567' },
    });
    expect(fake.payment(start.authority)).toMatchObject({ amount: 12_500_000, callbackUrl: charge.callbackUrl, mobile: '09121234567' });
  });

  it('leaves metadata out when there is no mobile', async () => {
    const { mobile: _, ...withoutMobile } = charge;
    await gateway.request(withoutMobile);
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('metadata');
  });

  it("sends the browser back to our callback URL, keeping its query, with Zarinpal's Authority and Status", async () => {
    const { authority, redirectUrl } = await gateway.request(charge);
    const atBank = await fetch(redirectUrl, { redirect: 'manual' });
    const back = new URL(atBank.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://portal.example.ir/return-bank');
    expect(Object.fromEntries(back.searchParams)).toEqual({ payment: 'pay_7Qx2', Authority: authority, Status: 'OK' });
    expect(new URL(fake.cancel(authority)).searchParams.get('Status')).toBe('NOK');
  });

  it('throws a GatewayError with the code when Zarinpal refuses, without the merchant id', async () => {
    const strangerId = randomUUID();
    const stranger = createZarinpalGateway({ merchantId: strangerId, baseUrl: fake.baseUrl, timeoutMs: 500 });
    const error = await rejection(stranger.request(charge), GatewayError);
    expect(error.message).toContain('-10');
    expect(error.message).not.toContain(strangerId);
    expect(await stranger.verify({ authority: `A${'0'.repeat(35)}`, amount: charge.amount })).toMatchObject({ status: 'failed', code: '-10' });
  });

  it('keeps a malformed merchant id out of the error even when Zarinpal quotes it back', async () => {
    const misconfigured = `zarinpal-${merchantId}`;
    const error = await rejection(createZarinpalGateway({ merchantId: misconfigured, baseUrl: fake.baseUrl }).request(charge), GatewayError);
    expect(error.message).toContain('merchant_id must be a UUID');
    expect(error.message).not.toContain(misconfigured);
    expect(fake.refusals.splice(0).join()).toContain(misconfigured);
  });

  it('passes on a validation refusal, so an adapter that sends a bad amount fails loudly', async () => {
    const error = await rejection(gateway.request({ ...charge, amount: 12_500_000.5 }), GatewayError);
    expect(error.message).toContain('-9');
    expect(error.message).toContain('amount');
    expectNoMerchantId(error.message);
    expect(fake.refusals.splice(0)).toHaveLength(1);
  });
});

describe('Zarinpal gateway: verify', () => {
  it('answers paid with the reference and the masked card, then paid and already verified (101)', async () => {
    const { authority } = await gateway.request(charge);
    fake.pay(authority, { cardPan: '6219861034529007', refId: 50_123_456 });
    expect(await gateway.verify({ authority, amount: charge.amount })).toEqual({
      status: 'paid',
      refId: '50123456',
      cardPan: '6219-86**-****-9007',
      alreadyVerified: false,
    });
    expect(await gateway.verify({ authority, amount: charge.amount })).toEqual({
      status: 'paid',
      refId: '50123456',
      cardPan: '6219-86**-****-9007',
      alreadyVerified: true,
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/pg/v4/payment/verify.json', body: { merchant_id: merchantId, amount: charge.amount, authority } });
  });

  it('answers failed (-51) for a payment the patient did not pay or cancelled', async () => {
    const { authority } = await gateway.request(charge);
    fake.cancel(authority);
    const answer = await gateway.verify({ authority, amount: charge.amount });
    expect(answer).toMatchObject({ status: 'failed', code: '-51' });
    expectNoMerchantId(JSON.stringify(answer));
  });

  it('answers failed (-50) for the wrong amount, and the paid payment still verifies with the right one', async () => {
    const { authority } = await gateway.request(charge);
    fake.pay(authority);
    expect(await gateway.verify({ authority, amount: charge.amount - 10 })).toMatchObject({ status: 'failed', code: '-50' });
    expect(await gateway.verify({ authority, amount: charge.amount })).toMatchObject({ status: 'paid', alreadyVerified: false });
  });

  it('answers failed (-54) for an authority Zarinpal never issued', async () => {
    expect(await gateway.verify({ authority: `A${'0'.repeat(35)}`, amount: charge.amount })).toMatchObject({ status: 'failed', code: '-54' });
  });

  it('reads an error answer the same whatever its HTTP status below 500', async () => {
    const { authority } = await gateway.request(charge);
    fake.errorStatus = 200;
    expect(await gateway.verify({ authority, amount: charge.amount })).toMatchObject({ status: 'failed', code: '-51' });
  });

  it('answers unknown when Zarinpal is rate limiting (-12): that is no verdict on the payment', async () => {
    const { authority } = await gateway.request(charge);
    fake.pay(authority);
    fake.fault = 'rate-limited';
    expect(await gateway.verify({ authority, amount: charge.amount })).toMatchObject({ status: 'unknown' });
    fake.fault = undefined;
    expect(await gateway.verify({ authority, amount: charge.amount })).toMatchObject({ status: 'paid', alreadyVerified: false });
  });
});

describe('Zarinpal gateway: no answer', () => {
  it.each<[FakeZarinpalFault, RegExp]>([
    ['http500', /HTTP 500/],
    ['hang', /could not be reached.*TimeoutError/],
    ['html', /other than JSON/],
  ])('%s: verify answers unknown and request throws a GatewayError, neither naming the merchant id', async (fault, why) => {
    const { authority } = await gateway.request(charge);
    fake.pay(authority);
    fake.fault = fault;
    const answer = await gateway.verify({ authority, amount: charge.amount });
    expect(answer.status).toBe('unknown');
    expect(answer.status === 'unknown' && answer.message).toMatch(why);
    expectNoMerchantId(JSON.stringify(answer));
    const error = await rejection(gateway.request(charge), GatewayError);
    expect(error.message).toMatch(why);
    expectNoMerchantId(error.message);
    // The payment was not lost: once Zarinpal answers, it verifies.
    fake.fault = undefined;
    expect(await gateway.verify({ authority, amount: charge.amount })).toMatchObject({ status: 'paid' });
  });

  it('an unreachable host: unknown and a GatewayError', async () => {
    const nowhere = createZarinpalGateway({ merchantId, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    const answer = await nowhere.verify({ authority: `A${'0'.repeat(35)}`, amount: 1_000_000 });
    expect(answer).toMatchObject({ status: 'unknown', message: expect.stringMatching(/could not be reached/) });
    const error = await rejection(nowhere.request(charge), GatewayError);
    expectNoMerchantId(error.message);
  });
});

describe('fake Zarinpal', () => {
  const post = (path: string, body: string, contentType = 'application/json') => fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const request = (fields: Record<string, unknown>) =>
    JSON.stringify({ merchant_id: merchantId, amount: 1_000_000, description: 'شارژ', callback_url: 'https://portal.example.ir/return-bank', ...fields });

  it.each([
    ['a form body', () => post('/pg/v4/payment/request.json', new URLSearchParams({ merchant_id: merchantId, amount: '1000000' }).toString(), 'application/x-www-form-urlencoded')],
    ['an amount in a string', () => post('/pg/v4/payment/request.json', request({ amount: '1000000' }))],
    ['a relative callback URL', () => post('/pg/v4/payment/request.json', request({ callback_url: '/return-bank?payment=1' }))],
    ['a misspelt field', () => post('/pg/v4/payment/request.json', request({ callbackUrl: 'https://portal.example.ir/' }))],
    ['no merchant id', () => post('/pg/v4/payment/request.json', request({ merchant_id: undefined }))],
    ['a malformed authority', () => post('/pg/v4/payment/verify.json', JSON.stringify({ merchant_id: merchantId, amount: 1_000_000, authority: 'A123' }))],
    ['a GET', () => fetch(`${fake.baseUrl}/pg/v4/payment/verify.json`)],
    ['a wrong path', () => post('/pg/v4/payment/requests.json', request({}))],
  ])('refuses %s with a 4xx and records why', async (_title, send) => {
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ data: [], errors: { code: -9 } });
    expect(fake.refusals.splice(0)).toHaveLength(1);
  });
});

describe('createGateway and the base URL', () => {
  const sandbox: PaymentGateway = {
    name: 'sandbox',
    minimumAmount: 10_000,
    request: () => Promise.reject(new Error('not used')),
    verify: () => Promise.reject(new Error('not used')),
    bankUrl: () => '/not-used',
  };

  it('gives the sandbox bank by default', () => {
    expect(createGateway(parseEnv({}), { sandbox: () => sandbox })).toBe(sandbox);
  });

  it('gives Zarinpal for PAYMENT_GATEWAY=zarinpal, at ZARINPAL_BASE_URL with ZARINPAL_MERCHANT_ID', async () => {
    const config = parseEnv({ PAYMENT_GATEWAY: 'zarinpal', ZARINPAL_MERCHANT_ID: merchantId, ZARINPAL_BASE_URL: `${fake.baseUrl}/` });
    const zarinpal = createGateway(config, { sandbox: () => expect.unreachable('the sandbox was built') });
    expect(zarinpal.name).toBe('zarinpal');
    const { redirectUrl } = await zarinpal.request(charge);
    expect(redirectUrl.startsWith(`${fake.baseUrl}/pg/StartPay/`)).toBe(true);
  });

  it.each([
    [{}, 'https://payment.zarinpal.com'],
    [{ ZARINPAL_SANDBOX: '1' }, 'https://sandbox.zarinpal.com'],
    [{ ZARINPAL_SANDBOX: '1', ZARINPAL_BASE_URL: 'http://127.0.0.1:8099/' }, 'http://127.0.0.1:8099'],
  ])('%o → %s', (vars, base) => {
    expect(zarinpalBaseUrl(parseEnv(vars))).toBe(base);
  });
});
