/**
 * An attacker's view of the money features: tokens of other accounts, races between a
 * patient and the hospital, replayed bank forms and callbacks, hostile amounts and bodies, odd
 * Idempotency-Keys and route parameters, caching, and what a page shows. Every refusal is 4xx,
 * never 5xx, and no balance moves; the ledger's own check stays green.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet, requestWithdrawal, SANDBOX_CARD, startCharge, submitAtBank, TEST_IBAN } from '../support/wallet-api.ts';

const HIS_KEY = 'his-attack-key-0123456789abcdefghijklmnopqrstuvwxyz';
const ERP_KEY = 'erp-attack-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY: '1', WALLET_CHARGE_MAX: '50000000', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)},erp:${sha256(ERP_KEY)}`, DEMO_DATA: '0' },
  });
});
afterAll(() => server?.dispose());

interface Balance {
  balance: number;
  available: number;
  held: number;
}

async function patient() {
  const n = 9_700 + ++people;
  const phone = newPhone();
  const internationalCode = nationalCode(n);
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'لیلا', lastName: 'حسینی', internationalCode });
  return { ...registered, phone, internationalCode };
}

function get(path: string, token?: string): Promise<Response> {
  return fetch(new URL(path, server.url), { redirect: 'manual', headers: token ? { authorization: `Bearer ${token}` } : {} });
}
async function data<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}
const wallet = async (token: string) => data<Balance>(await get('/api/wallet', token));

function hospital(apiPath: string, { key = HIS_KEY, body, idempotencyKey }: { key?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
async function ledgerOk(): Promise<void> {
  const check = await hospital('/ledger/check');
  expect(check.status).toBe(200);
  expect(await data(check)).toMatchObject({ ok: true, sum: 0, mismatches: [] });
}

/** A charge taken to the sandbox bank's page: the payment id and the bank page's path (its authority last). */
async function chargeToBank(token: string, amount: number): Promise<{ paymentId: string; bankPath: string; authority: string }> {
  const { paymentId, bankPath } = await startCharge(server, token, amount);
  return { paymentId, bankPath, authority: bankPath.split('/').pop()! };
}
const atBank = (bankPath: string, fields: Record<string, string>) => submitAtBank(server, bankPath, fields);
/** GETs `path` exactly as written (dot segments and all), through node:http; answers the status. */
async function rawGet(path: string, token: string): Promise<number> {
  const { request } = await import('node:http');
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, path, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};

describe('another account’s token', () => {
  it('reads and moves nothing of the owner’s on any wallet or payment route', async () => {
    const owner = await patient();
    const stranger = await patient();
    await chargeWallet(server, owner.token, 4_000_000);
    const { paymentId } = await chargeToBank(owner.token, 1_000_000);
    const key = await requestWithdrawal(server, owner.token, 1_000_000);
    const before = await wallet(owner.token);

    expect((await get(`/api/payments/${paymentId}`, stranger.token)).status).toBe(404);
    expect((await post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: stranger.token })).status).toBe(404);
    for (const path of ['/api/wallet', '/api/wallet/transactions', '/api/wallet/withdrawals']) {
      const text = await (await get(path, stranger.token)).text();
      expect(text, path).not.toContain(key);
      expect(text, path).not.toContain(paymentId);
      expect(text, path).not.toContain('4000000');
    }
    expect(await wallet(stranger.token)).toEqual({ balance: 0, available: 0, held: 0 });
    // A token in the body or the query instead of the header opens nothing.
    expect((await get(`/api/wallet?token=${owner.token}`)).status).toBe(401);
    expect((await post(server, 'wallet/charge', { amount: 1_000_000, token: owner.token })).status).toBe(401);
    // A hospital key is not a patient's token, and a patient's token is not a hospital key.
    expect((await get('/api/wallet', HIS_KEY)).status).toBe(401);
    expect((await hospital('/withdrawals', { key: owner.token })).status).toBe(401);
    expect(await wallet(owner.token)).toEqual(before);
  });
});

describe('races', () => {
  it('fifty concurrent cancels, payouts and rejections settle each withdrawal once, and the ledger balances', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 10_000_000);
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push(await requestWithdrawal(server, owner.token, 1_000_000));
    expect(await wallet(owner.token)).toEqual({ balance: 10_000_000, available: 5_000_000, held: 5_000_000 });

    const calls = Array.from({ length: 50 }, (_, i) => {
      const key = keys[i % keys.length]!;
      switch (i % 3) {
        case 0:
          return post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: owner.token });
        case 1:
          return hospital(`/withdrawals/${key}/paid`, { body: { bank_reference: `RACE-${i}` }, idempotencyKey: randomUUID() });
        default:
          return hospital(`/withdrawals/${key}/reject`, { body: { reason: 'شبا به نام بیمار نیست' } });
      }
    });
    const statuses = (await Promise.all(calls)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // Exactly one call per withdrawal won.
    expect(statuses.filter((status) => status === 200)).toHaveLength(keys.length);

    const list = await data<Array<{ key: string; status: string; amount: number }>>(await get('/api/wallet/withdrawals', owner.token));
    const paidOut = list.filter((row) => row.status === 'paid').reduce((sum, row) => sum + row.amount, 0);
    expect(list.every((row) => ['paid', 'cancelled', 'rejected'].includes(row.status))).toBe(true);
    expect(await wallet(owner.token)).toEqual({ balance: 10_000_000 - paidOut, available: 10_000_000 - paidOut, held: 0 });
    for (const key of keys) expect(readOutbox(server).filter((line) => line.text.includes(key)).length).toBeLessThanOrEqual(1);
    await ledgerOk();
  });

  it('withdrawing more than the balance while a charge lands never overdraws the wallet', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 2_000_000);
    const { bankPath, paymentId } = await chargeToBank(owner.token, 1_000_000);
    const callback = (await atBank(bankPath, SANDBOX_CARD)).headers.get('location')!;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => get(callback)),
      ...Array.from({ length: 20 }, () => post(server, 'wallet/withdrawals', { amount: 1_000_000, iban: TEST_IBAN }, { token: owner.token })),
      ...Array.from({ length: 5 }, () => post(server, 'wallet/withdrawals', { amount: 3_000_001, iban: TEST_IBAN }, { token: owner.token })),
    ]);
    const withdrawals = answers.slice(10).map((answer) => answer.status);
    expect(withdrawals.every((status) => status === 201 || status === 406)).toBe(true);
    const created = withdrawals.filter((status) => status === 201).length;
    expect(created).toBeLessThanOrEqual(3);
    const after = await wallet(owner.token);
    expect(after.balance).toBe(3_000_000);
    expect(after.held).toBe(created * 1_000_000);
    expect(after.available).toBe(3_000_000 - created * 1_000_000);
    expect(await data(await get(`/api/payments/${paymentId}`, owner.token))).toMatchObject({ status: 'paid' });
    await ledgerOk();
  });
});

describe('replayed and borrowed bank answers', () => {
  it('a replayed sandbox-bank form pays nothing twice, and cannot turn a cancel into a payment', async () => {
    const owner = await patient();
    const paid = await chargeToBank(owner.token, 1_000_000);
    expect((await atBank(paid.bankPath, SANDBOX_CARD)).status).toBe(303);
    const replays = await Promise.all(Array.from({ length: 5 }, () => atBank(paid.bankPath, SANDBOX_CARD)));
    // The bank shows the settled page; it sends nobody back a second time.
    expect(replays.every((answer) => answer.status === 200 && answer.headers.get('location') === null)).toBe(true);
    await get(`/return-bank?payment=${paid.paymentId}&Authority=${paid.authority}&Status=OK`);
    await get(`/return-bank?payment=${paid.paymentId}&Authority=${paid.authority}&Status=OK`);

    const cancelled = await chargeToBank(owner.token, 2_000_000);
    expect((await atBank(cancelled.bankPath, { action: 'cancel' })).status).toBe(303);
    expect((await atBank(cancelled.bankPath, SANDBOX_CARD)).status).toBe(200);
    await get(`/return-bank?payment=${cancelled.paymentId}&Authority=${cancelled.authority}&Status=OK`);

    expect(await wallet(owner.token)).toEqual({ balance: 1_000_000, available: 1_000_000, held: 0 });
    expect(await data(await get(`/api/payments/${cancelled.paymentId}`, owner.token))).toMatchObject({ status: 'failed' });
  });

  it('one payment’s Authority on another payment’s /return-bank (GET or POST, own or another account) credits nothing', async () => {
    const attacker = await patient();
    const victim = await patient();
    const small = await chargeToBank(attacker.token, 1_000_000);
    await get((await atBank(small.bankPath, SANDBOX_CARD)).headers.get('location')!);
    const big = await chargeToBank(attacker.token, 50_000_000);
    const theirs = await chargeToBank(victim.token, 1_000_000);
    for (const target of [big.paymentId, theirs.paymentId]) {
      await get(`/return-bank?payment=${target}&Authority=${small.authority}&Status=OK`);
      await fetch(new URL(`/return-bank?payment=${target}`, server.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://bank.example' },
        body: new URLSearchParams({ Authority: small.authority, Status: 'OK' }),
      });
    }
    // The paid payment's own authority, sent again with a payment id it does not belong to.
    await get(`/return-bank?payment=${small.paymentId}&Authority=${big.authority}&Status=OK`);
    expect(await data(await get(`/api/payments/${big.paymentId}`, attacker.token))).toMatchObject({ status: 'pending' });
    expect(await data(await get(`/api/payments/${theirs.paymentId}`, victim.token))).toMatchObject({ status: 'pending' });
    expect(await wallet(attacker.token)).toEqual({ balance: 1_000_000, available: 1_000_000, held: 0 });
    expect(await wallet(victim.token)).toEqual({ balance: 0, available: 0, held: 0 });
    await ledgerOk();
  });
});

describe('hostile amounts and bodies', () => {
  it('refuses odd amounts on charge and withdrawal with 422, and moves nothing', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 2_000_000);
    const odd: unknown[] = [
      '1e7',
      '0x10',
      '0b1',
      '1_000_000',
      1e20,
      -1,
      -1_000_000,
      '-1000000',
      0,
      -0,
      0.5,
      '1000000.5',
      'Infinity',
      'NaN',
      '',
      '   ',
      null,
      true,
      [],
      {},
      [1_000_000],
      { amount: 1 },
      '۱۰۰۰۰۰۰\u0000',
      '1000000abc',
      '١,٠٠٠,٠٠٠,٠٠٠,٠٠٠,٠٠٠',
    ];
    for (const amount of odd) {
      for (const route of ['wallet/charge', 'wallet/withdrawals']) {
        const answer = await post(server, route, { amount, iban: TEST_IBAN }, { token: owner.token });
        expect(answer.status, `${route} ${JSON.stringify(amount)}`).toBe(422);
      }
    }
    // A number too big for a double, as raw JSON.
    for (const raw of ['{"amount": 1e400}', '{"amount": -1e400}', '{"amount": 9007199254740993}']) {
      expect((await post(server, 'wallet/withdrawals', raw.replace('}', `, "iban": "${TEST_IBAN}"}`), { token: owner.token })).status, raw).toBe(422);
    }
    // Separators, Persian and Arabic digits and spaces are a person's way of writing an amount.
    expect((await post(server, 'wallet/withdrawals', { amount: ' ۱٬۰۰۰ ', iban: TEST_IBAN }, { token: owner.token })).status).toBe(201);
    expect((await post(server, 'wallet/withdrawals', { amount: '١,٠٠٠', iban: TEST_IBAN }, { token: owner.token })).status).toBe(201);
    expect(await wallet(owner.token)).toEqual({ balance: 2_000_000, available: 1_998_000, held: 2_000 });
  });

  it('duplicate keys take the last value, __proto__ and unknown fields change nothing', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 1_000_000);
    const duplicate = await post(server, 'wallet/withdrawals', `{"amount": 1, "amount": 99999999, "iban": "${TEST_IBAN}"}`, { token: owner.token });
    expect(duplicate.status).toBe(406);
    const proto = await post(server, 'wallet/charge', '{"amount": 1000000, "__proto__": {"return_to": "https://evil.example", "amount": 1}, "constructor": {"prototype": {"admin": true}}}', {
      token: owner.token,
    });
    expect(proto.status).toBe(201);
    const { payment_id } = await data<{ payment_id: string }>(proto);
    expect(await data(await get(`/api/payments/${payment_id}`, owner.token))).toMatchObject({ amount: 1_000_000, status: 'pending' });
    expect(await (await get(`/return-bank?payment=${payment_id}`)).text()).not.toContain('evil.example');
    const extra = await post(server, 'wallet/withdrawals', { amount: 1_000, iban: TEST_IBAN, account_id: 1, status: 'paid', held: -5 }, { token: owner.token });
    expect(extra.status).toBe(201);
    expect(await data(extra)).toMatchObject({ status: 'pending', amount: 1_000 });
    expect(await wallet(owner.token)).toEqual({ balance: 1_000_000, available: 999_000, held: 1_000 });
  });

  it('answers every POST’s wrong Content-Type, broken JSON, NUL bytes and 2 MB bodies with 4xx', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 2_000_000);
    const key = await requestWithdrawal(server, owner.token, 1_000);
    const before = await wallet(owner.token);
    const big = `{"amount": 1000000, "iban": "${TEST_IBAN}", "x": "${'a'.repeat(2 * 1024 * 1024)}"}`;
    const routes = ['wallet/charge', 'wallet/withdrawals'];
    for (const route of routes) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '']) {
        const answer = await post(server, route, { amount: 1_000_000, iban: TEST_IBAN }, { token: owner.token, type });
        expect(answer.status, `${route} ${type}`).toBe(415);
      }
      for (const body of ['{"amount": 1000000', 'null', '[]', '"x"', '{"amount": "1000000\u0000", "iban": "x"}', '\u0000', '']) {
        expect4xx((await post(server, route, body, { token: owner.token })).status, `${route} ${JSON.stringify(body)}`);
      }
      expect((await post(server, route, big, { token: owner.token })).status, route).toBe(413);
    }
    for (const path of [`/withdrawals/${key}/paid`, `/withdrawals/${key}/reject`]) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const answer = await fetch(new URL(`/api/hospital/v1${path}`, server.url), {
          method: 'POST',
          headers: { authorization: `Bearer ${HIS_KEY}`, 'content-type': type },
          body: 'bank_reference=X&reason=x',
        });
        expect(answer.status, `${path} ${type}`).toBe(415);
      }
      const huge = await fetch(new URL(`/api/hospital/v1${path}`, server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${HIS_KEY}`, 'content-type': 'application/json' },
        body: big,
      });
      expect(huge.status, path).toBe(413);
      expect4xx((await hospital(path, { body: { bank_reference: 'A\u0000B', reason: 'دلیل\u0000' } })).status, `${path} NUL`);
    }
    // Pages read forms below the adapter's 1 MB limit; past it the adapter cuts the connection.
    for (const page of ['/return-bank?payment=x', '/sandbox-bank/SB0000000000000000000000', '/sandbox-bank/%00']) {
      const answer = await fetch(new URL(page, server.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: `Authority=${'a'.repeat(900 * 1024)}`,
      });
      expect4xx(answer.status, page);
    }
    expect(await wallet(owner.token)).toEqual(before);
    // Cancel reads no body: a 2 MB one is refused or ignored, never a failure.
    const cancel = await post(server, `wallet/withdrawals/${key}/cancel`, big, { token: owner.token, type: 'text/plain' });
    expect([200, 413, 415]).toContain(cancel.status);
  });
});

describe('Idempotency-Key edges', () => {
  it('refuses an empty, 10 KB or non-ASCII key; one key under two API keys is two calls, and never shows the other’s answer', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 5_000_000);
    const first = await requestWithdrawal(server, owner.token, 1_000_000);
    const second = await requestWithdrawal(server, owner.token, 1_000_000);
    for (const idempotencyKey of ['', 'x'.repeat(10 * 1024), 'کلید', 'a b', 'a\tb']) {
      const answer = await fetch(new URL(`/api/hospital/v1/withdrawals/${first}/paid`, server.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${HIS_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': encodeURIComponent(idempotencyKey) === idempotencyKey ? idempotencyKey : Buffer.from(idempotencyKey).toString('latin1'),
        },
        body: JSON.stringify({ bank_reference: 'EDGE-1' }),
      });
      expect4xx(answer.status, `Idempotency-Key ${JSON.stringify(idempotencyKey.slice(0, 10))}`);
    }
    expect(await wallet(owner.token)).toEqual({ balance: 5_000_000, available: 3_000_000, held: 2_000_000 });

    const shared = randomUUID();
    const his = await hospital(`/withdrawals/${first}/paid`, { body: { bank_reference: 'HIS-1' }, idempotencyKey: shared });
    expect(his.status).toBe(200);
    // The other API key with the same Idempotency-Key runs its own call, never replaying the first answer.
    const erp = await hospital(`/withdrawals/${second}/reject`, { key: ERP_KEY, body: { reason: 'شبا نادرست است' }, idempotencyKey: shared });
    expect(erp.status).toBe(200);
    expect(erp.headers.get('idempotent-replayed')).toBeNull();
    expect(await data(erp)).toMatchObject({ key: second, status: 'rejected' });
    // Each key replays only its own answer.
    const hisAgain = await hospital(`/withdrawals/${first}/paid`, { body: { bank_reference: 'HIS-1' }, idempotencyKey: shared });
    expect(hisAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await data(hisAgain)).toMatchObject({ key: first, status: 'paid' });
    const erpAgain = await hospital(`/withdrawals/${second}/reject`, { key: ERP_KEY, body: { reason: 'شبا نادرست است' }, idempotencyKey: shared });
    expect(await data(erpAgain)).toMatchObject({ key: second, status: 'rejected' });
    expect(await wallet(owner.token)).toEqual({ balance: 4_000_000, available: 4_000_000, held: 0 });
    await ledgerOk();
  });
});

describe('route parameters', () => {
  it('answers traversal and odd encodings in every money route’s parameter with 4xx', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 1_000_000);
    const key = await requestWithdrawal(server, owner.token, 1_000);
    // Dot segments ('..', '%2e%2e') are resolved by fetch's URL parser; rawGet sends them as written.
    const odd = [
      '..%2F..%2Fwallet',
      `${key}%00`,
      `${key}%2Fcancel`,
      '%E0%A4%A',
      '%uFFFF',
      encodeURIComponent(`${key}'--`),
      key.toLowerCase(),
      ` ${key}`.replace(' ', '%20'),
      `${key}%0A`,
      'WD-%D9%A1%D9%A2%D9%A3',
      'x'.repeat(3000),
    ];
    for (const param of odd) {
      expect4xx((await post(server, `wallet/withdrawals/${param}/cancel`, undefined, { token: owner.token })).status, `cancel ${param}`);
      expect4xx((await get(`/api/payments/${param}`, owner.token)).status, `payment ${param}`);
      expect4xx((await hospital(`/withdrawals/${param}/paid`, { body: { bank_reference: 'ODD-1' } })).status, `paid ${param}`);
      expect4xx((await hospital(`/withdrawals/${param}/reject`, { body: { reason: 'شبا نادرست است' } })).status, `reject ${param}`);
      expect4xx((await get(`/sandbox-bank/${param}`)).status, `bank ${param}`);
    }
    for (const query of ['payment=..%2F..%2Fetc', 'payment=%00', 'payment[]=x', 'payment=a&payment=b', `payment=${'x'.repeat(5000)}`]) {
      expect4xx((await get(`/go-to-bank?${query}`)).status, `go-to-bank ${query}`);
      expect4xx((await get(`/return-bank?${query}`)).status, `return-bank ${query}`);
    }
    // Lists' paging and date filters at their edges: an empty page or a 422, never a failure.
    for (const path of [
      '/api/wallet/transactions?page=999999&per_page=50',
      '/api/wallet/transactions?page=1000000',
      '/api/wallet/transactions?from=0001-01-01',
      '/api/wallet/transactions?to=9999-12-31',
      '/api/wallet/transactions?from=9999-12-31',
      '/api/wallet/transactions?to=0000-01-01',
      '/api/wallet/transactions?from=2026-02-30',
      '/api/wallet/withdrawals?page=999999',
      '/api/wallet/withdrawals?per_page=0',
      '/api/wallet/transactions?page=1&page=2',
    ]) {
      const status = (await get(path, owner.token)).status;
      expect(status === 200 || status === 422, `${path}: ${status}`).toBe(true);
    }
    for (const query of ['page=999999&per_page=50', 'page=1e3', 'page=-1', 'status=pending&status=paid', 'status=__proto__']) {
      const status = (await hospital(`/withdrawals?${query}`)).status;
      expect(status === 200 || status === 422, `hospital ${query}: ${status}`).toBe(true);
    }
    for (const path of [
      `/api/payments/../wallet`,
      `/api/payments/%2e%2e/wallet`,
      `/api/wallet/withdrawals/${key}/../../charge`,
      `/sandbox-bank/../api/wallet`,
      `/api/hospital/v1/withdrawals/../ledger/check`,
    ]) {
      // The server may resolve the segments as a browser would: then it is the caller's own route, under its own rules.
      expect(await rawGet(path, owner.token), path).toBeLessThan(500);
    }
    expect(await wallet(owner.token)).toEqual({ balance: 1_000_000, available: 999_000, held: 1_000 });
  });
});

describe('what is cached and what a page shows', () => {
  it('answers every personal call, refusals included, and the money pages with Cache-Control: no-store', async () => {
    const owner = await patient();
    await chargeWallet(server, owner.token, 2_000_000);
    const { paymentId, bankPath } = await chargeToBank(owner.token, 1_000_000);
    const created = await post(server, 'wallet/withdrawals', { amount: 1_000, iban: TEST_IBAN }, { token: owner.token });
    const { key } = await data<{ key: string }>(created);
    const answers: Array<[string, Response]> = [
      ['GET /api/wallet', await get('/api/wallet', owner.token)],
      ['GET /api/wallet 401', await get('/api/wallet')],
      ['GET /api/wallet/transactions', await get('/api/wallet/transactions', owner.token)],
      ['GET /api/wallet/withdrawals', await get('/api/wallet/withdrawals', owner.token)],
      ['GET /api/payments/{id}', await get(`/api/payments/${paymentId}`, owner.token)],
      ['GET /api/payments/{id} 404', await get('/api/payments/nope', owner.token)],
      ['POST /api/wallet/withdrawals', created],
      ['POST /api/wallet/withdrawals 422', await post(server, 'wallet/withdrawals', { amount: -1, iban: TEST_IBAN }, { token: owner.token })],
      ['POST cancel', await post(server, `wallet/withdrawals/${key}/cancel`, undefined, { token: owner.token })],
      ['POST /api/wallet/charge', await post(server, 'wallet/charge', { amount: 1_000_000 }, { token: owner.token })],
      ['GET /go-to-bank', await get(`/go-to-bank?payment=${paymentId}`)],
      ['GET /sandbox-bank', await get(bankPath)],
      ['GET /return-bank', await get(`/return-bank?payment=${paymentId}`)],
      ['GET /return-bank 404', await get('/return-bank?payment=nope')],
      ['GET hospital withdrawals', await hospital('/withdrawals')],
      ['GET hospital withdrawals 401', await hospital('/withdrawals', { key: 'nope' })],
      ['GET hospital ledger', await hospital('/ledger/check')],
    ];
    for (const [what, answer] of answers) expect(answer.headers.get('cache-control') ?? '', what).toContain('no-store');
  });

  it('shows neither the national code nor the phone number on the bank pages and the receipt', async () => {
    const owner = await patient();
    const { paymentId, bankPath } = await chargeToBank(owner.token, 1_000_000);
    const goToBank = await (await get(`/go-to-bank?payment=${paymentId}`)).text();
    const bank = await (await get(bankPath)).text();
    await get((await atBank(bankPath, SANDBOX_CARD)).headers.get('location')!);
    const receipt = await (await get(`/return-bank?payment=${paymentId}`)).text();
    const payment = await (await get(`/api/payments/${paymentId}`, owner.token)).text();
    const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    for (const [what, page] of [
      ['go-to-bank', goToBank],
      ['sandbox-bank', bank],
      ['receipt', receipt],
      ['payment', payment],
    ] as const) {
      for (const secret of [owner.internationalCode, owner.phone, owner.phone.slice(1), persian(owner.internationalCode), persian(owner.phone), 'حسینی']) {
        expect(page.includes(secret), `${what} shows ${secret}`).toBe(false);
      }
    }
  });
});
