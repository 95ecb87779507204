import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MINIMUM_RIALS } from '../../src/lib/wallet/payment-split.ts';
import { freeStarts, holdOk, walletOf } from '../support/appointments-api.ts';
import { startFakeZarinpal } from '../support/fake-zarinpal.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet, SANDBOX_CARD, startCharge, submitAtBank, TEST_IBAN } from '../support/wallet-api.ts';

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', WALLET_CHARGE_MAX: '50000000' } });
});
afterAll(() => server?.dispose());

async function patient() {
  const n = 8_100 + ++people;
  return registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'زهرا', lastName: 'کریمی', internationalCode: nationalCode(n) });
}

function get(path: string, token?: string): Promise<Response> {
  return fetch(new URL(path, server.url), { redirect: 'manual', headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function data<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/** Charges through the API and walks the browser's way to the sandbox bank: the bank page's path. */
async function chargeToBank(token: string, amount: number): Promise<{ paymentId: string; bankPath: string }> {
  const { paymentId, redirectUrl, bankPath } = await startCharge(server, token, amount);
  expect(redirectUrl).toBe(`/go-to-bank?payment=${paymentId}`);
  expect(paymentId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { paymentId, bankPath };
}

const atBank = (bankPath: string, fields: Record<string, string>) => submitAtBank(server, bankPath, fields);

describe('wallet charge through the sandbox bank', () => {
  it('pays, returns to the receipt, credits the wallet once, and sends a receipt SMS', async () => {
    const { token } = await patient();
    const { paymentId, bankPath } = await chargeToBank(token, 2_500_000);
    const bankPage = await (await get(bankPath)).text();
    expect(bankPage).toContain('۲٬۵۰۰٬۰۰۰ ریال');
    const back = await atBank(bankPath, SANDBOX_CARD);
    expect(back.status).toBe(303);
    const callback = back.headers.get('location')!;
    expect(callback).toMatch(new RegExp(`^/return-bank\\?payment=${paymentId}&Authority=SB[\\w-]+&Status=OK$`));
    // The browser arrives; a few more identical callbacks (a double click, a replay) arrive at once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(callback)));
    expect(answers.every((answer) => answer.status === 303 && answer.headers.get('location') === `/return-bank?payment=${paymentId}`)).toBe(true);
    const receipt = await (await get(`/return-bank?payment=${paymentId}`)).text();
    expect(receipt).toContain('پرداخت موفق بود');
    expect(receipt).toContain('۶۰۳۷-۹۹**-****-۷۸۹۳');
    expect(receipt).not.toContain(SANDBOX_CARD.card);
    expect(await data(await get('/api/wallet', token))).toEqual({ balance: 2_500_000, available: 2_500_000, held: 0 });
    expect(await data(await get(`/api/payments/${paymentId}`, token))).toMatchObject({ status: 'paid', amount: 2_500_000, purpose: 'wallet_charge', card_pan: '6037-99**-****-7893' });
    const statement = await get('/api/wallet/transactions', token);
    expect((await statement.json()) as { data: Array<{ type: string; amount: number }>; meta: unknown }).toMatchObject({
      data: [{ type: 'charge', amount: 2_500_000, balance_after: 2_500_000 }],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    expect(readOutbox(server).some((line) => line.text.includes('شارژ شد') && line.text.includes('۲٬۵۰۰٬۰۰۰'))).toBe(true);
  });

  it('cancel at the bank shows the failure receipt and credits nothing; a forged Status=OK does not either', async () => {
    const { token } = await patient();
    const { paymentId, bankPath } = await chargeToBank(token, 1_000_000);
    const callback = (await atBank(bankPath, { action: 'cancel' })).headers.get('location')!;
    expect(callback).toContain('Status=NOK');
    await get(callback.replace('Status=NOK', 'Status=OK'));
    const receipt = await (await get(`/return-bank?payment=${paymentId}`)).text();
    expect(receipt).toContain('پرداخت ناموفق بود');
    expect(await data(await get('/api/wallet', token))).toMatchObject({ balance: 0 });
  });

  it('a bad card stays at the bank with the reason, and pays nothing', async () => {
    const { token } = await patient();
    const { bankPath } = await chargeToBank(token, 1_000_000);
    const answer = await atBank(bankPath, { ...SANDBOX_CARD, card: '6037991234567890' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('شمارهٔ کارت ۱۶ رقمی معتبر نیست');
  });

  it('a bank that posts its callback from its own site is accepted, and verified', async () => {
    const { token } = await patient();
    const { paymentId, bankPath } = await chargeToBank(token, 1_000_000);
    const authority = bankPath.split('/').pop()!;
    await atBank(bankPath, SANDBOX_CARD);
    const posted = await fetch(new URL(`/return-bank?payment=${paymentId}`, server.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://bank.example' },
      body: new URLSearchParams({ Authority: authority, Status: 'OK' }),
    });
    expect(posted.status).toBe(303);
    expect(await data(await get('/api/wallet', token))).toMatchObject({ available: 1_000_000 });
  });

  it('refuses amounts outside the rules, with the spec’s messages', async () => {
    const { token } = await patient();
    const low = await post(server, 'wallet/charge', { amount: '۹۹۹٬۹۹۹' }, { token });
    expect(low.status).toBe(422);
    expect(await low.json()).toMatchObject({ errors: { amount: ['مبلغ نباید کمتر از ۱٬۰۰۰٬۰۰۰ ریال باشد'] } });
    expect((await post(server, 'wallet/charge', { amount: 50_000_001 }, { token })).status).toBe(422);
    expect((await post(server, 'wallet/charge', { amount: 1_000_000.5 }, { token })).status).toBe(422);
    expect((await post(server, 'wallet/charge', { amount: 1_000_000, return_to: 'https://evil.example' }, { token })).status).toBe(422);
    expect((await post(server, 'wallet/charge', { amount: '۱٬۰۰۰٬۰۰۰' }, { token })).status).toBe(201);
    expect((await post(server, 'wallet/charge', { amount: 1_000_000 })).status).toBe(401);
    expect((await post(server, 'wallet/charge', `{"amount": 1000000, "x": "${'a'.repeat(2 * 1024 * 1024)}"}`, { token })).status).toBe(413);
  });
});

describe('withdrawals and isolation', () => {
  it('withdraws part of the balance, lists it masked, cancels it; another account sees 404 everywhere', async () => {
    const owner = await patient();
    const stranger = await patient();
    const { paymentId, bankPath } = await chargeToBank(owner.token, 3_000_000);
    await get((await atBank(bankPath, SANDBOX_CARD)).headers.get('location')!);
    const created = await post(server, 'wallet/withdrawals', { amount: '۱٬۰۰۰٬۰۰۰', iban: `IR${TEST_IBAN}` }, { token: owner.token });
    expect(created.status).toBe(201);
    const { key } = await data<{ key: string; status: string }>(created);
    expect(await data(await get('/api/wallet', owner.token))).toEqual({ balance: 3_000_000, available: 2_000_000, held: 1_000_000 });
    const list = await data<Array<{ key: string; iban_masked: string }>>(await get('/api/wallet/withdrawals', owner.token));
    expect(list).toMatchObject([{ key, iban_masked: 'IR06 **** **** **** **** **00 01', status: 'pending' }]);
    expect((await get(`/api/payments/${paymentId}`, stranger.token)).status).toBe(404);
    expect((await post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: stranger.token })).status).toBe(404);
    expect(await data(await get('/api/wallet/withdrawals', stranger.token))).toEqual([]);
    expect((await post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: owner.token })).status).toBe(200);
    expect((await post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: owner.token })).status).toBe(409);
    expect(await data(await get('/api/wallet', owner.token))).toEqual({ balance: 3_000_000, available: 3_000_000, held: 0 });
  });

  it('refuses a bad IBAN, more than the balance, and hostile input, with 4xx only', async () => {
    const { token } = await patient();
    const badIban = await post(server, 'wallet/withdrawals', { amount: 1000, iban: '062960000000100324200002' }, { token });
    expect(badIban.status).toBe(422);
    expect(await badIban.json()).toMatchObject({ errors: { iban: ['شماره شبا معتبر نیست'] } });
    expect((await post(server, 'wallet/withdrawals', { amount: 1000, iban: '0629600' }, { token })).status).toBe(422);
    expect((await post(server, 'wallet/withdrawals', { amount: 1000, iban: TEST_IBAN }, { token })).status).toBe(406);
    expect((await post(server, 'wallet/withdrawals', { amount: 1000, iban: `${TEST_IBAN}\u0000` }, { token })).status).toBe(422);
    for (const path of ['wallet/withdrawals/WD-%00/cancel', 'wallet/withdrawals/%E0%A4%A/cancel', `wallet/withdrawals/${'x'.repeat(5000)}/cancel`]) {
      expect((await post(server, path, undefined, { token })).status).toBeLessThan(500);
    }
    for (const path of [
      '/api/payments/%00',
      '/api/wallet/transactions?type=bogus',
      '/api/wallet/transactions?from=2026-13-40',
      '/api/wallet/transactions?per_page=5000',
      '/go-to-bank?payment=%00',
      '/return-bank?payment=x&Authority=%00',
      '/sandbox-bank/%00',
    ]) {
      const answer = await get(path, token);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});

describe('the demo patient', () => {
  it('an empty embedded database starts with a demo patient whose wallet has history and appointments; a second start adds nothing', async () => {
    const demo = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: 'auto' } });
    try {
      const ip = newIp();
      await post(demo, 'auth/login/with/phone-number', { phone_number: '09120000000' }, { ip });
      const code = /#(\d{5})/.exec(
        readOutbox(demo)
          .filter((line) => line.to === '09120000000')
          .at(-1)!.text,
      )![1];
      const checked = (await (await post(demo, 'auth/check_verification_code', { phone_number: '09120000000', code }, { ip })).json()) as {
        data: Array<{ token: string; user: { wallet: number; full_name: string } }>;
      };
      expect(checked.data).toHaveLength(1);
      const [{ token, user }] = checked.data as [{ token: string; user: { wallet: number; full_name: string } }];
      const auth = { headers: { authorization: `Bearer ${token}` } };
      // One past visit, and three upcoming: today's (the visit day, upcoming all day), one in a few days, and her
      // mother's with the waitlist's full doctor (its fee charged to the wallet that day); all paid from the wallet.
      const visits: number[] = [];
      let charged = 0;
      for (const [scope, total] of [
        ['upcoming', 3],
        ['past', 1],
      ] as const) {
        const list = (await (await fetch(new URL(`/api/appointments?scope=${scope}`, demo.url), auth)).json()) as {
          data: Array<{ status: string; paid_from_wallet: number; patient: { self: boolean } }>;
        };
        expect(list.data).toHaveLength(total);
        for (const visit of list.data) {
          expect(visit.status).toBe(scope === 'upcoming' ? 'confirmed' : 'completed');
          expect(visit.paid_from_wallet).toBeGreaterThan(0);
          visits.push(visit.paid_from_wallet);
          if (!visit.patient.self) charged += visit.paid_from_wallet;
        }
      }
      expect(charged).toBeGreaterThan(0);
      const spent = visits.reduce((sum, paid) => sum + paid, 0) - charged;
      expect(spent).toBeGreaterThan(0);
      expect(user).toMatchObject({ full_name: 'سارا نمونه', wallet: 19_000_000 - spent });
      const wallet = await fetch(new URL('/api/wallet', demo.url), auth);
      expect(((await wallet.json()) as { data: unknown }).data).toEqual({ balance: 21_000_000 - spent, available: 19_000_000 - spent, held: 2_000_000 });
      await demo.stop();
      const again = await startServer({ dataDir: demo.dataDir, env: { TRUST_PROXY: '1', DEMO_DATA: 'auto' } });
      expect(again.output()).not.toContain('Demo patient added');
      // Today's visit day exists already: a second start the same day does not book another.
      expect(again.output()).not.toContain('Demo visit day');
      await again.stop();
    } finally {
      await demo.dispose();
    }
  }, 120_000); // two server starts on an empty database
});

/** The doctor's fee in the catalogue (rials), and a wallet that covers all of it but 500 rials. */
const FEE_DOCTOR = 'zahra-bagheri';
const FEE = 5_000_000;

describe('the bank part never falls under the gateway minimum', () => {
  it('on the sandbox bank: the wallet gives 10,000 rials less, the bank takes the minimum, and the slot is booked', async () => {
    const me = await patient();
    await chargeWallet(server, me.token, FEE - 500);
    const [start] = await freeStarts(server, FEE_DOCTOR);
    const held = await holdOk(server, me.token, FEE_DOCTOR, start!);
    expect(held.fee).toBe(FEE);
    const paid = await post(server, `appointments/${held.key}/pay`, { use_wallet: true }, { token: me.token });
    expect(paid.status).toBe(200);
    const answer = await data<{ status: string; amount: number; redirect_url: string }>(paid);
    expect(answer).toMatchObject({ status: 'awaiting_payment', amount: BANK_MINIMUM_RIALS });
    // The wallet gave the fee less the minimum and keeps the rest.
    expect((await walletOf(server, me.token)).available).toBe(FEE - 500 - (FEE - BANK_MINIMUM_RIALS));
    // The sandbox bank takes it, and the visit is confirmed.
    const bankPath = /url=(\/sandbox-bank\/[A-Za-z0-9_-]+)/.exec(await (await get(answer.redirect_url)).text())?.[1];
    const back = await atBank(bankPath!, SANDBOX_CARD);
    await get(back.headers.get('location')!);
    expect((await data<{ status: string }>(await get(`/api/appointments/${held.key}`, me.token))).status).toBe('confirmed');
  });
});

describe('through Zarinpal (a local fake that checks every call)', () => {
  // One fake and one portal for both tests, started in the hook: a portal's start is the slow part,
  // and within a test's own time it failed on a busy machine. Each test is its own patient.
  let fake: Awaited<ReturnType<typeof startFakeZarinpal>>;
  let portal: RunningServer;
  beforeAll(async () => {
    fake = await startFakeZarinpal({ merchantId: '1344b5d4-0048-11e8-94db-005056a205be' });
    portal = await startServer({
      env: { TRUST_PROXY: '1', PAYMENT_GATEWAY: 'zarinpal', ZARINPAL_MERCHANT_ID: fake.merchantId, ZARINPAL_BASE_URL: fake.baseUrl, PUBLIC_SITE_URL: 'https://portal.example.ir' },
    });
  });
  afterAll(async () => {
    await portal?.dispose();
    await fake?.close();
  });

  it('pays a booking whose wallet covers all but 500 rials: Zarinpal is asked for its minimum, never less', async () => {
    const { token } = await registerPatient(portal, { phone: newPhone(), ip: newIp(), firstName: 'نرگس', lastName: 'امینی', internationalCode: nationalCode(8_901) });
    const call = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, portal.url), { redirect: 'manual', ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    const startPayOf = async (redirectUrl: string) =>
      /url=([^"]+)"/
        .exec(await (await call(redirectUrl)).text())![1]!
        .replaceAll('&amp;', '&')
        .split('/')
        .pop()!;
    const arrive = (callback: string) => call(callback.replace('https://portal.example.ir', ''));

    const charge = await data<{ redirect_url: string }>(await call('/api/wallet/charge', { method: 'POST', body: JSON.stringify({ amount: FEE - 500 }) }));
    await arrive(fake.pay(await startPayOf(charge.redirect_url), { cardPan: '621986******9007', refId: 301 }));
    const [start] = await freeStarts(portal, FEE_DOCTOR);
    const held = await holdOk(portal, token, FEE_DOCTOR, start!);
    const paid = await data<{ status: string; amount: number; redirect_url: string }>(
      await call(`/api/appointments/${held.key}/pay`, { method: 'POST', body: JSON.stringify({ use_wallet: true }) }),
    );
    expect(paid).toMatchObject({ status: 'awaiting_payment', amount: BANK_MINIMUM_RIALS });
    const authority = await startPayOf(paid.redirect_url);
    expect(fake.requests.filter((r) => r.path.endsWith('request.json')).at(-1)?.body).toMatchObject({ amount: BANK_MINIMUM_RIALS });
    await arrive(fake.pay(authority, { cardPan: '621986******9007', refId: 302 }));
    expect((await data<{ status: string }>(await call(`/api/appointments/${held.key}`))).status).toBe('confirmed');
    expect(fake.refusals).toEqual([]);
  });

  it('charges: StartPay, back to /return-bank, verified with our amount, credited once; a cancel fails', async () => {
    const earlier = fake.requests.length;
    const { token } = await registerPatient(portal, { phone: newPhone(), ip: newIp(), firstName: 'نرگس', lastName: 'امینی', internationalCode: nationalCode(8_900) });
    const call = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, portal.url), { redirect: 'manual', ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    const charge = async (amount: number) => {
      const { payment_id, redirect_url } = (
        (await (await call('/api/wallet/charge', { method: 'POST', body: JSON.stringify({ amount }) })).json()) as { data: { payment_id: string; redirect_url: string } }
      ).data;
      const page = await (await call(redirect_url)).text();
      const startPay = /url=([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
      expect(startPay).toMatch(new RegExp(`^${fake.baseUrl}/pg/StartPay/A\\w{35}$`));
      return { paymentId: payment_id, authority: startPay!.split('/').pop()! };
    };
    // Our callback is on PUBLIC_SITE_URL; the test's portal listens elsewhere.
    const arrive = (callback: string) => call(callback.replace('https://portal.example.ir', ''));

    const paid = await charge(4_000_000);
    expect(fake.requests.at(-1)?.body).toMatchObject({ amount: 4_000_000, currency: 'IRR', callback_url: `https://portal.example.ir/return-bank?payment=${paid.paymentId}` });
    const callback = fake.pay(paid.authority, { cardPan: '621986******9007', refId: 201 });
    await Promise.all(Array.from({ length: 10 }, () => arrive(callback)));
    expect(
      fake.requests
        .slice(earlier)
        .filter((r) => r.path.endsWith('verify.json'))
        .every((r) => (r.body as { amount: number }).amount === 4_000_000),
    ).toBe(true);
    const receipt = await (await call(`/return-bank?payment=${paid.paymentId}`)).text();
    expect(receipt).toContain('پرداخت موفق بود');
    expect(receipt).toContain('۶۲۱۹-۸۶**-****-۹۰۰۷');

    const cancelled = await charge(1_000_000);
    await arrive(fake.cancel(cancelled.authority));
    expect(await (await call(`/return-bank?payment=${cancelled.paymentId}`)).text()).toContain('پرداخت ناموفق بود');

    const wallet = ((await (await call('/api/wallet')).json()) as { data: unknown }).data;
    expect(wallet).toEqual({ balance: 4_000_000, available: 4_000_000, held: 0 });
    expect(fake.refusals).toEqual([]);
  });
});
