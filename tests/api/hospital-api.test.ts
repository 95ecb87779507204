import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalAudit, hospitalIdempotency } from '../../src/server/db/schema/hospital.ts';
import { nationalCode, newIp, newPhone, readOutbox, registerPatient } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet, requestWithdrawal, TEST_IBAN } from '../support/wallet-api.ts';

const HIS_KEY = 'his-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const LAB_KEY = 'lab-test-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)},lab:${sha256(LAB_KEY)}:test-results+invoices`, DEMO_DATA: '0' },
  });
});
afterAll(() => server?.dispose());

interface Envelope<T = unknown> {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: T;
  meta?: { page: number; per_page: number; total: number };
}
interface Withdrawal {
  key: string;
  amount: number;
  iban: string;
  holder: string;
  phone_number: string;
  status: string;
  bank_reference?: string;
  reason?: string;
}

function hospital(
  apiPath: string,
  { key, body, idempotencyKey, method = body === undefined ? 'GET' : 'POST', ip }: { key?: string; body?: unknown; idempotencyKey?: string; method?: string; ip?: string } = {},
) {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const envelope = async <T>(response: Response) => (await response.json()) as Envelope<T>;

async function patientWithBalance(amount: number) {
  const n = 9_300 + ++people;
  const patient = await registerPatient(server, { phone: newPhone(), ip: newIp(), firstName: 'نرگس', lastName: 'رضایی', internationalCode: nationalCode(n) });
  await chargeWallet(server, patient.token, amount);
  return patient;
}
const wallet = async (token: string) =>
  (await envelope<{ balance: number; available: number; held: number }>(await fetch(new URL('/api/wallet', server.url), { headers: { authorization: `Bearer ${token}` } }))).data;
/** The texts sent to patients about `key` (the console SMS provider's outbox). */
const smsAbout = (key: string) =>
  readOutbox(server)
    .filter((line) => line.text.includes(key))
    .map((line) => line.text);

describe('hospital API: OpenAPI', () => {
  // First in the file: the document must list every route even when no other hospital route ran yet.
  it('serves the OpenAPI 3.1 document without a key, listing every route with its schemas', async () => {
    const response = await fetch(new URL('/api/hospital/v1/openapi.json', server.url));
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required: string[] } }> }; parameters: Array<{ name?: string; $ref?: string }> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/appointments',
      '/doctors/{doctor_id}/leaves',
      '/hold-refusals',
      '/invoices',
      '/invoices/{key}',
      '/invoices/{key}/void',
      '/ledger/check',
      '/payer-refunds',
      '/payer-refunds/{payment_id}/done',
      '/queue/{doctor_id}',
      '/queue/{doctor_id}/events',
      '/service-requests',
      '/service-requests/{key}',
      '/service-requests/{key}/files/{id}',
      '/service-requests/{key}/status',
      '/test-results',
      '/test-results/{key}/detach',
      '/test-results/{key}/release',
      '/waitlist',
      '/waitlist/stats',
      '/withdrawals',
      '/withdrawals/{key}/paid',
      '/withdrawals/{key}/reject',
    ]);
    expect(document.paths['/withdrawals/{key}/paid']?.post?.requestBody?.content['application/json']?.schema.required).toEqual(['bank_reference']);
    expect(document.paths['/withdrawals/{key}/reject']?.post?.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.paths['/withdrawals']?.get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'page', 'per_page']));
    expect(document.paths['/queue/{doctor_id}/events']?.post?.requestBody?.content['application/json']?.schema.required).toEqual(['type']);
    expect(document.paths['/queue/{doctor_id}/events']?.post?.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.paths['/queue/{doctor_id}']?.get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['doctor_id', 'date']));
    expect(document.paths['/waitlist']?.get?.parameters.map((p) => p.name)).toEqual(['doctor_id']);
    expect(document.components.securitySchemes).toHaveProperty('bearer');
  });
});

describe('hospital API: keys and scopes', () => {
  it('refuses to start with a malformed HOSPITAL_API_KEYS entry, naming it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-hospital-keys-'));
    try {
      const start = startServer({ dataDir, env: { HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)},lab:${HIS_KEY}` } });
      await expect(start).rejects.toThrow(/server exited with 1:[\s\S]*HOSPITAL_API_KEYS entry 2 \("lab"\): the second part must be the SHA-256/);
      await expect(start).rejects.not.toThrow(HIS_KEY);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 401 without a key, with an unknown key, or with another scheme, in Persian and English', async () => {
    for (const key of [undefined, 'not-a-key', `${HIS_KEY}x`, sha256(HIS_KEY)]) {
      const response = await hospital('/withdrawals', { key });
      expect(response.status).toBe(401);
      const body = await envelope(response);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/[\u0600-\u06FF].*API key/);
    }
    const basic = await fetch(new URL('/api/hospital/v1/ledger/check', server.url), { headers: { authorization: `Basic ${HIS_KEY}` } });
    expect(basic.status).toBe(401);
  });

  it('answers 403 to a key without the scope, before looking at the body', async () => {
    const list = await hospital('/withdrawals', { key: LAB_KEY });
    expect(list.status).toBe(403);
    expect((await envelope(list)).message).toContain('withdrawals');
    expect((await hospital('/withdrawals/WD-AAAAAA/paid', { key: LAB_KEY, body: { nonsense: true } })).status).toBe(403);
  });

  it('lets a key with the scope in', async () => {
    const response = await hospital('/ledger/check', { key: HIS_KEY });
    expect(response.status).toBe(200);
    expect((await envelope(response)).data).toMatchObject({ ok: true, sum: 0, mismatches: [] });
  });
});

describe('hospital API: withdrawals', () => {
  it('lists pending withdrawals with what the hospital needs to pay them; refuses a bad filter with its field', async () => {
    const patient = await patientWithBalance(5_000_000);
    const key = await requestWithdrawal(server, patient.token, 1_500_000);
    const body = await envelope<Withdrawal[]>(await hospital('/withdrawals?status=pending&per_page=50', { key: HIS_KEY }));
    expect(body.data).toContainEqual(expect.objectContaining({ key, amount: 1_500_000, iban: TEST_IBAN, holder: 'نرگس رضایی', status: 'pending' }));
    expect(body.meta).toMatchObject({ page: 1, per_page: 50 });
    const bad = await hospital('/withdrawals?status=lost&per_page=500', { key: HIS_KEY });
    expect(bad.status).toBe(422);
    expect(Object.keys((await envelope(bad)).errors ?? {}).sort()).toEqual(['per_page', 'status']);
  });

  it('refuses bad bodies with field paths, and an unknown withdrawal with 404', async () => {
    const empty = await hospital('/withdrawals/WD-AAAAAA/paid', { key: HIS_KEY, body: { bank_reference: '  ' } });
    expect(empty.status).toBe(422);
    expect((await envelope(empty)).errors).toHaveProperty('bank_reference');
    const long = await hospital('/withdrawals/WD-AAAAAA/paid', { key: HIS_KEY, body: { bank_reference: 'x'.repeat(65) } });
    expect((await envelope(long)).errors).toHaveProperty('bank_reference');
    const english = await hospital('/withdrawals/WD-AAAAAA/reject', { key: HIS_KEY, body: { reason: 'wrong IBAN' } });
    expect(english.status).toBe(422);
    expect((await envelope(english)).errors).toHaveProperty('reason');
    expect((await hospital('/withdrawals/WD-AAAAAA/paid', { key: HIS_KEY, body: { bank_reference: 'REF-1' } })).status).toBe(404);
    expect((await hospital('/withdrawals/WD-AAAAAA/paid', { key: HIS_KEY, body: { bank_reference: 'REF-1' }, idempotencyKey: 'bad key with spaces' })).status).toBe(422);
  });

  it('pays once: a replay with the same Idempotency-Key returns the first answer and changes nothing', async () => {
    const patient = await patientWithBalance(5_000_000);
    const key = await requestWithdrawal(server, patient.token, 2_000_000);
    const idempotencyKey = randomUUID();
    const first = await hospital(`/withdrawals/${key}/paid`, { key: HIS_KEY, body: { bank_reference: 'PAYA-77' }, idempotencyKey });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    expect(JSON.parse(firstBody)).toMatchObject({ success: true, data: { key, status: 'paid', bank_reference: 'PAYA-77' } });
    const afterFirst = await wallet(patient.token);
    expect(afterFirst).toEqual({ balance: 3_000_000, available: 3_000_000, held: 0 });

    const replay = await hospital(`/withdrawals/${key}/paid`, { key: HIS_KEY, body: { bank_reference: 'PAYA-77' }, idempotencyKey });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstBody);
    expect(await wallet(patient.token)).toEqual(afterFirst);
    expect(smsAbout(key)).toHaveLength(1);

    // The same Idempotency-Key with another body or on another call is refused, and changes nothing.
    const otherBody = await hospital(`/withdrawals/${key}/paid`, { key: HIS_KEY, body: { bank_reference: 'PAYA-78' }, idempotencyKey });
    expect(otherBody.status).toBe(422);
    expect((await envelope(otherBody)).message).toContain('Idempotency-Key');
    expect((await hospital(`/withdrawals/${key}/reject`, { key: HIS_KEY, body: { reason: 'شبا نادرست است' }, idempotencyKey })).status).toBe(422);
    // Without an Idempotency-Key the call runs again, and meets a withdrawal that is no longer pending.
    expect((await hospital(`/withdrawals/${key}/paid`, { key: HIS_KEY, body: { bank_reference: 'PAYA-77' } })).status).toBe(409);
    expect(await wallet(patient.token)).toEqual(afterFirst);
    expect(smsAbout(key)).toHaveLength(1);
  });

  it('rejects once: the amount returns to the wallet, with the reason in the patient’s SMS', async () => {
    const patient = await patientWithBalance(5_000_000);
    const key = await requestWithdrawal(server, patient.token, 1_000_000);
    expect(await wallet(patient.token)).toEqual({ balance: 5_000_000, available: 4_000_000, held: 1_000_000 });
    const idempotencyKey = randomUUID();
    const reason = 'شمارهٔ شبا به نام صاحب حساب نیست.';
    for (let i = 0; i < 2; i++) {
      const answer = await hospital(`/withdrawals/${key}/reject`, { key: HIS_KEY, body: { reason }, idempotencyKey });
      expect(answer.status).toBe(200);
      expect((await envelope<Withdrawal>(answer)).data).toMatchObject({ key, status: 'rejected', reason });
    }
    expect(await wallet(patient.token)).toEqual({ balance: 5_000_000, available: 5_000_000, held: 0 });
    const messages = smsAbout(key);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it('runs twenty concurrent identical POSTs with one Idempotency-Key once', async () => {
    const patient = await patientWithBalance(5_000_000);
    const key = await requestWithdrawal(server, patient.token, 3_000_000);
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hospital(`/withdrawals/${key}/paid`, { key: HIS_KEY, body: { bank_reference: 'SATNA-5' }, idempotencyKey })));
    const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: await envelope<Withdrawal>(answer) })));
    const paid = bodies.filter((answer) => answer.status === 200);
    const waiting = bodies.filter((answer) => answer.status !== 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(paid.every((answer) => answer.body.data?.status === 'paid' && answer.body.data.bank_reference === 'SATNA-5')).toBe(true);
    // The others were told the first is still running, never that the withdrawal was already paid.
    expect(waiting.every((answer) => answer.status === 409 && answer.body.message?.includes('in progress'))).toBe(true);
    expect(await wallet(patient.token)).toEqual({ balance: 2_000_000, available: 2_000_000, held: 0 });
    expect(smsAbout(key)).toHaveLength(1);
    const check = await envelope<{ ok: boolean }>(await hospital('/ledger/check', { key: HIS_KEY }));
    expect(check.data?.ok).toBe(true);
  });
});

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('hospital API: what is kept', () => {
  // Last in the file: it stops the server to read its embedded database.
  it('writes an audit row for every call, refused ones included, and keeps keys only as hashes', async () => {
    const ip = newIp();
    await hospital('/withdrawals', { ip });
    await hospital('/withdrawals', { key: LAB_KEY, ip });
    await hospital('/withdrawals?status=lost', { key: HIS_KEY, ip });
    await hospital('/withdrawals/WD-AAAAAA/paid', { key: HIS_KEY, ip, body: { bank_reference: 'AUDIT-1' }, idempotencyKey: 'audit-idem-1' });
    await hospital('/ledger/check', { key: HIS_KEY, ip, method: 'DELETE' });
    await server.stop();

    const { audit, idempotency } = await withDataDir(server.dataDir, async (db) => ({
      audit: await db.select().from(hospitalAudit),
      idempotency: await db.select().from(hospitalIdempotency),
    }));
    const mine = audit.filter((row) => row.ip === ip).map((row) => [row.keyName, row.method, row.path, row.status, row.idempotencyKey]);
    expect(mine).toEqual([
      [null, 'GET', '/api/hospital/v1/withdrawals', 401, null],
      ['lab', 'GET', '/api/hospital/v1/withdrawals', 403, null],
      ['his', 'GET', '/api/hospital/v1/withdrawals?status=lost', 422, null],
      ['his', 'POST', '/api/hospital/v1/withdrawals/WD-AAAAAA/paid', 404, 'audit-idem-1'],
      [null, 'DELETE', '/api/hospital/v1/ledger/check', 405, null],
    ]);
    expect(audit.every((row) => row.createdAt instanceof Date)).toBe(true);
    expect(idempotency.find((row) => row.idempotencyKey === 'audit-idem-1')).toMatchObject({ keyName: 'his', state: 'done', responseStatus: 404 });

    for (const secret of [HIS_KEY, LAB_KEY]) {
      expect(JSON.stringify([audit, idempotency])).not.toContain(secret);
      expect(server.output()).not.toContain(secret);
      for (const file of filesUnder(server.dataDir)) expect(readFileSync(file).includes(secret), file).toBe(false);
    }
  });
});
