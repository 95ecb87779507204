/**
 * The hospital side of service requests and invoices over HTTP: moving requests
 * along and the desk's queue, issuing, reading and voiding invoices; scopes, Idempotency-Key, the
 * audit log, the OpenAPI document, the patient's SMS with the link; and the same through
 * `npm run hospital`, through the portal and on the database directly.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tehranInstant } from '../../src/lib/appointments/slots.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { hospitalAudit } from '../../src/server/db/schema/hospital.ts';
import type { HospitalInvoice, IssuedInvoice } from '../../src/server/invoices/hospital.ts';
import type { DeskServiceRequest } from '../../src/server/service-requests/hospital.ts';
import { envelope, getAs } from '../support/appointments-api.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

const DESK_KEY = 'desk-requests-key-0123456789abcdefghijklmnopqrstuvwxyz';
const BILLING_KEY = 'billing-invoices-key-0123456789abcdefghijklmnopqrstuvwxyz';
const PAYROLL_KEY = 'payroll-only-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The portal's public address when PUBLIC_SITE_URL is unset: the links in the SMS start with it. */
const SITE = 'http://localhost:4321';
const LINK = new RegExp(`^${SITE}/sr/invoice/[A-Za-z0-9_-]{22}$`);

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  // The demo patient (seeded on this empty database) has a scheduled request for the desk's queue.
  server = await startServer({
    env: {
      TRUST_PROXY: '1',
      DEMO_DATA: '1',
      HOSPITAL_API_KEYS: `desk:${sha256(DESK_KEY)}:service-requests,billing:${sha256(BILLING_KEY)}:invoices,payroll:${sha256(PAYROLL_KEY)}:withdrawals`,
    },
  });
});
afterAll(() => server?.dispose());

function hospital(apiPath: string, { key, body, idempotencyKey }: { key?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const smsAbout = (key: string) => readOutbox(server).filter((line) => line.text.includes(key));

/** The Tehran day `days` from today. */
const dayAhead = (days: number) => addDays(toTehranIsoDate(new Date()), days);

async function newPatient() {
  const internationalCode = nationalCode(9_600 + ++people);
  const phone = newPhone();
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'نگار', lastName: 'صالحی', internationalCode });
  return { ...registered, phone, internationalCode };
}
type Patient = Awaited<ReturnType<typeof newPatient>>;

/** The patient asks for the injection service at home, the day after tomorrow. */
async function requestService(patient: Patient): Promise<string> {
  const created = await post(
    server,
    'service-requests',
    { service_id: 'home-injection', phone: '02188001234', address: 'تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۷', preferred_date: dayAhead(2), preferred_window: 'morning' },
    { token: patient.token },
  );
  expect(created.status).toBe(201);
  return (await envelope<{ key: string }>(created)).data!.key;
}

const invoiceBody = (patient: Patient, changes: Record<string, unknown> = {}) => ({
  patient: { international_code: patient.internationalCode, phone_number: patient.phone },
  items: [
    { title: 'سرم‌تراپی در منزل', quantity: 1, unit_price: 2_800_000, insurance_share: 1_200_000 },
    { title: 'ایاب‌وذهاب پرستار', quantity: 1, unit_price: 600_000, discount: 200_000 },
  ],
  ...changes,
});

describe('hospital API: OpenAPI', () => {
  // First in the file: the document must list these routes before any of them ran.
  it('lists the service-request and invoice calls with their scopes, bodies and answers', async () => {
    const response = await fetch(new URL('/api/hospital/v1/openapi.json', server.url));
    expect(response.status).toBe(200);
    type Operation = {
      'x-scope': string;
      parameters: Array<{ name?: string; in?: string; $ref?: string }>;
      requestBody?: { content: { 'application/json': { schema: { required: string[] } } } };
      responses: Record<string, { content?: { 'application/json': { schema: { properties: { data: { required?: string[]; type?: string; items?: { required: string[] } } } } } } }>;
    };
    const { paths } = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/service-requests', '/service-requests/{key}/status', '/invoices', '/invoices/{key}', '/invoices/{key}/void']));

    const move = paths['/service-requests/{key}/status']!.post!;
    expect(move['x-scope']).toBe('service-requests');
    expect(move.requestBody?.content['application/json'].schema.required).toEqual(['status']);
    expect(move.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(Object.keys(move.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409', '422']));
    const queue = paths['/service-requests']!.get!;
    expect(queue.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:page', 'query:per_page', 'query:status']);
    expect(queue.responses['200']?.content?.['application/json'].schema.properties.data.items?.required).toEqual(
      expect.arrayContaining(['key', 'status', 'patient', 'phone', 'address', 'preferred_date', 'preferred_window']),
    );

    const issue = paths['/invoices']!.post!;
    expect(issue['x-scope']).toBe('invoices');
    expect(issue.requestBody?.content['application/json'].schema.required).toEqual(['patient', 'items']);
    expect(issue.responses['201']?.content?.['application/json'].schema.properties.data.required).toEqual(['key', 'status', 'payable']);
    expect(issue.responses['200']).toBeUndefined();
    expect(paths['/invoices/{key}/void']!.post!.requestBody?.content['application/json'].schema.required).toEqual(['reason']);
    expect(paths['/invoices/{key}']!.get!['x-scope']).toBe('invoices');
  });
});

describe('hospital API: scopes', () => {
  it('answers 401 without a key and 403 without the scope, for each call, before reading the body', async () => {
    const calls: Array<[string, unknown, string]> = [
      ['/service-requests', undefined, 'service-requests'],
      ['/service-requests/SR-AAAAAA/status', { status: 'reviewing' }, 'service-requests'],
      ['/invoices', { nonsense: true }, 'invoices'],
      ['/invoices/IN-AAAAAA', undefined, 'invoices'],
      ['/invoices/IN-AAAAAA/void', { reason: 'علت' }, 'invoices'],
    ];
    for (const [apiPath, body, scope] of calls) {
      expect((await hospital(apiPath, { body })).status, apiPath).toBe(401);
      expect((await hospital(apiPath, { body, key: 'not-a-key' })).status, apiPath).toBe(401);
      const wrongKey = scope === 'invoices' ? DESK_KEY : BILLING_KEY;
      for (const key of [PAYROLL_KEY, wrongKey]) {
        const forbidden = await hospital(apiPath, { body, key });
        expect(forbidden.status, apiPath).toBe(403);
        expect((await envelope(forbidden)).message, apiPath).toContain(scope);
      }
    }
  });
});

describe('hospital API: service requests', () => {
  it('the desk’s queue lists open requests oldest first with the patient, phone and address; bad filters are 422', async () => {
    const patient = await newPatient();
    const key = await requestService(patient);
    const answer = await hospital('/service-requests?per_page=50', { key: DESK_KEY });
    expect(answer.status).toBe(200);
    const { data, meta } = await envelope<DeskServiceRequest[]>(answer);
    const created = data!.map((request) => request.created_at);
    expect(created).toEqual([...created].sort());
    // The demo patient's scheduled request is the oldest in the queue.
    expect(data![0]).toMatchObject({ status: 'scheduled', patient: { first_name: 'سارا', last_name: 'نمونه', phone_number: '09120000000' } });
    expect(data!.find((request) => request.key === key)).toMatchObject({
      status: 'submitted',
      service_id: 'home-injection',
      patient: { first_name: 'نگار', last_name: 'صالحی', international_code: patient.internationalCode, phone_number: patient.phone, self: true },
      phone: '02188001234',
      address: 'تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۷',
      preferred_date: dayAhead(2),
      preferred_window: 'morning',
    });
    expect(meta).toMatchObject({ page: 1, per_page: 50 });
    expect((await envelope<DeskServiceRequest[]>(await hospital('/service-requests?status=submitted', { key: DESK_KEY }))).data!.every((r) => r.status === 'submitted')).toBe(true);
    const bad = await hospital('/service-requests?status=lost&per_page=500', { key: DESK_KEY });
    expect(bad.status).toBe(422);
    expect(Object.keys((await envelope(bad)).errors ?? {}).sort()).toEqual(['per_page', 'status']);
  });

  it('moves a request once per Idempotency-Key; the patient sees the history and gets one SMS per move', async () => {
    const patient = await newPatient();
    const key = await requestService(patient);
    const idempotencyKey = randomUUID();
    const note = 'نسخه را دیدیم؛ فردا تماس می‌گیریم';
    const first = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'reviewing', note }, idempotencyKey });
    expect(first.status).toBe(200);
    const firstText = await first.text();
    expect((JSON.parse(firstText) as { data: DeskServiceRequest }).data).toMatchObject({
      key,
      status: 'reviewing',
      history: [{ status: 'submitted' }, { status: 'reviewing', by: 'hospital', note }],
    });
    const replay = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'reviewing', note }, idempotencyKey });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstText);
    expect(smsAbout(key).filter((line) => line.text.includes(note))).toHaveLength(1);
    expect(smsAbout(key).at(-1)?.to).toBe(patient.phone);

    const visit = tehranInstant(dayAhead(2), '10:30').toISOString();
    const scheduled = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'scheduled', scheduled_at: visit } });
    expect((await envelope<DeskServiceRequest>(scheduled)).data).toMatchObject({ status: 'scheduled', scheduled_at: visit });
    expect(smsAbout(key).at(-1)?.text).toContain('۱۰:۳۰');
    const mine = await envelope<{ status: string; history: Array<{ status: string }>; can_cancel: boolean }>(await getAs(server, `/api/service-requests/${key}`, patient.token));
    expect(mine.data).toMatchObject({ status: 'scheduled', can_cancel: false });
    expect(mine.data!.history.map((entry) => entry.status)).toEqual(['submitted', 'reviewing', 'scheduled']);
    // Too late for the patient to cancel.
    expect((await post(server, `service-requests/${key}/cancel`, undefined, { token: patient.token })).status).toBe(409);
  });

  it('refuses a move the machine does not allow (409), scheduled without a time (422), an unknown request (404)', async () => {
    const patient = await newPatient();
    const key = await requestService(patient);
    const texts = smsAbout(key).length;
    const illegal = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'in_progress' } });
    expect(illegal.status).toBe(409);
    const untimed = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'scheduled' } });
    expect(untimed.status).toBe(422);
    expect((await envelope(untimed)).errors).toHaveProperty('scheduled_at');
    const past = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'scheduled', scheduled_at: '2020-01-01T08:00:00Z' } });
    expect(past.status).toBe(422);
    const english = await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'reviewing', note: 'on it' } });
    expect((await envelope(english)).errors).toHaveProperty('note');
    expect((await hospital('/service-requests/SR-AAAAAA/status', { key: DESK_KEY, body: { status: 'reviewing' } })).status).toBe(404);
    expect((await hospital('/service-requests/nonsense/status', { key: DESK_KEY, body: { status: 'reviewing' } })).status).toBe(404);
    await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'rejected', note: 'این نشانی خارج از محدوده است' } });
    expect((await hospital(`/service-requests/${key}/status`, { key: DESK_KEY, body: { status: 'reviewing' } })).status).toBe(409);
    expect(smsAbout(key)).toHaveLength(texts + 1);
  });
});

describe('hospital API: invoices', () => {
  it('issues once per Idempotency-Key: 201 with the link, the patient’s SMS carries it, a replay issues nothing more', async () => {
    const patient = await newPatient();
    const request = await requestService(patient);
    const body = invoiceBody(patient, { service_request_key: request });
    const idempotencyKey = randomUUID();
    const first = await hospital('/invoices', { key: BILLING_KEY, body, idempotencyKey });
    expect(first.status).toBe(201);
    const firstText = await first.text();
    const issued = (JSON.parse(firstText) as { data: IssuedInvoice }).data;
    expect(issued).toEqual({ key: expect.stringMatching(/^IN-[0-9A-Z]{6}$/), status: 'unpaid', payable: 2_000_000, url: expect.stringMatching(LINK) });
    const replay = await hospital('/invoices', { key: BILLING_KEY, body, idempotencyKey });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstText);
    expect((await hospital('/invoices', { key: BILLING_KEY, body: { ...body, due_at: '2030-01-01T00:00:00Z' }, idempotencyKey })).status).toBe(422);

    const texts = smsAbout(issued.key);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: patient.phone });
    expect(texts[0]!.text).toContain(issued.url);
    const mine = await envelope<Array<{ key: string; payable: number; service_request_key?: string }>>(await getAs(server, '/api/invoices', patient.token));
    expect(mine.data).toEqual([expect.objectContaining({ key: issued.key, payable: 2_000_000, service_request_key: request })]);
    expect(mine.meta).toMatchObject({ total: 1, unpaid_count: 1, unpaid_total: 2_000_000 });
    const linked = await envelope<{ invoice_keys: string[] }>(await getAs(server, `/api/service-requests/${request}`, patient.token));
    expect(linked.data?.invoice_keys).toEqual([issued.key]);
    // The link opens the invoice without login, with the name masked.
    const token = issued.url!.split('/').pop()!;
    const shown = await envelope<{ key: string; patient_masked: string; can_pay: boolean }>(await getAs(server, `/api/public/invoices/${token}`, undefined, newIp()));
    expect(shown.data).toMatchObject({ key: issued.key, patient_masked: 'ن*** ص***', can_pay: true });

    const read = await hospital(`/invoices/${issued.key}`, { key: BILLING_KEY });
    expect((await envelope<HospitalInvoice>(read)).data).toMatchObject({
      key: issued.key,
      status: 'unpaid',
      total: 3_400_000,
      insurance_total: 1_200_000,
      discount_total: 200_000,
      payable: 2_000_000,
      service_request_key: request,
      issued_by: 'billing',
      patient: { first_name: 'نگار', last_name: 'صالحی', international_code: patient.internationalCode, phone_number: patient.phone },
      items: [
        { title: 'سرم‌تراپی در منزل', quantity: 1, unit_price: 2_800_000, insurance_share: 1_200_000, discount: 0, patient_share: 1_600_000 },
        { title: 'ایاب‌وذهاب پرستار', quantity: 1, unit_price: 600_000, insurance_share: 0, discount: 200_000, patient_share: 400_000 },
      ],
    });
  });

  it('refuses a wrong mobile or another patient’s request (422), an unknown request (404), bad lines (422)', async () => {
    const [patient, other] = [await newPatient(), await newPatient()];
    const request = await requestService(patient);
    const wrongPhone = await hospital('/invoices', {
      key: BILLING_KEY,
      body: invoiceBody(patient, { patient: { international_code: patient.internationalCode, phone_number: other.phone } }),
    });
    expect(wrongPhone.status).toBe(422);
    expect((await envelope(wrongPhone)).errors).toHaveProperty(['patient.phone_number']);
    const notTheirs = await hospital('/invoices', { key: BILLING_KEY, body: invoiceBody(other, { service_request_key: request }) });
    expect(notTheirs.status).toBe(422);
    expect((await hospital('/invoices', { key: BILLING_KEY, body: invoiceBody(patient, { service_request_key: 'SR-AAAAAA' }) })).status).toBe(404);
    const badLines = await hospital('/invoices', {
      key: BILLING_KEY,
      body: invoiceBody(patient, {
        items: [
          { title: 'ویزیت', quantity: 0, unit_price: 1_000 },
          { title: 'نوار قلب', quantity: 1, unit_price: 1_000, insurance_share: 2_000 },
        ],
      }),
    });
    expect(badLines.status).toBe(422);
    expect(Object.keys((await envelope(badLines)).errors ?? {}).sort()).toEqual(['items.0.quantity', 'items.1']);
    expect((await hospital('/invoices', { key: BILLING_KEY, body: invoiceBody(patient, { items: [] }) })).status).toBe(422);
    const mine = await envelope(await getAs(server, '/api/invoices', patient.token));
    expect(mine.meta).toMatchObject({ total: 0 });
  });

  it('voids an unpaid invoice once (the patient is told the reason); a paid one is a 409', async () => {
    const patient = await newPatient();
    await chargeWallet(server, patient.token, 5_000_000);
    const issue = async () => (await envelope<IssuedInvoice>(await hospital('/invoices', { key: BILLING_KEY, body: invoiceBody(patient) }))).data!;
    const [toVoid, toPay] = [await issue(), await issue()];
    const reason = 'خدمت لغو شد';
    for (let i = 0; i < 2; i++) {
      const voided = await hospital(`/invoices/${toVoid.key}/void`, { key: BILLING_KEY, body: { reason } });
      expect(voided.status).toBe(200);
      expect((await envelope<HospitalInvoice>(voided)).data).toMatchObject({ key: toVoid.key, status: 'void', void_reason: reason, voided_at: expect.any(String) });
    }
    expect(smsAbout(toVoid.key).filter((line) => line.text.includes(reason))).toHaveLength(1);
    expect((await post(server, `invoices/${toVoid.key}/pay`, { use_wallet: true }, { token: patient.token })).status).toBe(409);
    const token = toVoid.url!.split('/').pop()!;
    expect((await post(server, `public/invoices/${token}/pay`, undefined, { ip: newIp() })).status).toBe(409);

    expect((await post(server, `invoices/${toPay.key}/pay`, { use_wallet: true }, { token: patient.token })).status).toBe(200);
    const refused = await hospital(`/invoices/${toPay.key}/void`, { key: BILLING_KEY, body: { reason } });
    expect(refused.status).toBe(409);
    expect((await envelope<HospitalInvoice>(await hospital(`/invoices/${toPay.key}`, { key: BILLING_KEY }))).data).toMatchObject({
      status: 'paid',
      paid: 2_000_000,
      paid_from_wallet: 2_000_000,
    });
    expect((await hospital('/invoices/IN-AAAAAA/void', { key: BILLING_KEY, body: { reason } })).status).toBe(404);
    expect((await hospital('/invoices/IN-AAAAAA', { key: BILLING_KEY })).status).toBe(404);
    expect((await hospital(`/invoices/${toPay.key}/void`, { key: BILLING_KEY, body: { reason: 'cancelled' } })).status).toBe(422);
    const check = await envelope<{ ok: boolean }>(await hospital('/ledger/check', { key: PAYROLL_KEY }));
    expect(check.data?.ok).toBe(true);
  });
});

/** `npm run hospital -- …args` against this file's server, with the local key it wrote into its data directory. */
const cli = (args: string[], env: Record<string, string> = {}) => hospitalCli(args, { PORTAL_URL: server.url, DATA_DIR: server.dataDir, ...env });
const linkIn = (text: string) => /http:\/\/localhost:4321\/sr\/invoice\/[A-Za-z0-9_-]{22}/.exec(text)?.[0];

describe('npm run hospital: requests and invoices', () => {
  // Next to last: it stops the server to try the direct-database fallback.
  it('lists and moves requests, issues and voids invoices through the portal, then on the database directly', async () => {
    const patient = await newPatient();
    const key = await requestService(patient);

    const queue = await cli(['requests']);
    expect(queue.stderr).toBe('');
    expect(queue.code).toBe(0);
    expect(queue.stdout).toContain(key);
    expect(queue.stdout).toContain('سارا نمونه');
    expect(queue.stdout).toContain('تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۷');
    expect(queue.stdout).toContain(patient.internationalCode);
    expect(queue.stdout.indexOf('سارا نمونه')).toBeLessThan(queue.stdout.indexOf(key));
    expect((await cli(['requests', '--status', 'done'])).stdout).toContain('نیست');
    expect((await cli(['requests', '--status', 'lost'])).stderr).toContain('status');

    const reviewing = await cli(['request-status', key.toLowerCase(), 'reviewing', '--note', 'نسخه را دیدیم']);
    expect(reviewing.stderr).toBe('');
    expect(reviewing.stdout).toContain(`${key}: در حال بررسی`);
    expect(smsAbout(key).at(-1)?.text).toContain('نسخه را دیدیم');
    const untimed = await cli(['request-status', key, 'scheduled']);
    expect(untimed.code).toBe(1);
    expect(untimed.stderr).toContain('scheduled_at');
    const day = dayAhead(2);
    const scheduled = await cli(['request-status', key, 'scheduled', '--at', `${day} 16:45`]);
    expect(scheduled.code).toBe(0);
    expect(scheduled.stdout).toContain('زمان مراجعه');
    const desk = await envelope<DeskServiceRequest[]>(await hospital('/service-requests?status=scheduled&per_page=50', { key: DESK_KEY }));
    expect(desk.data?.find((r) => r.key === key)?.scheduled_at).toBe(tehranInstant(day, '16:45').toISOString());
    expect((await cli(['request-status', key, 'submitted'])).stderr).toMatch(/^409: /);
    expect((await cli(['request-status', key])).stderr).toContain('usage');

    const issued = await cli([
      'invoice',
      '--patient',
      patient.internationalCode,
      '--phone',
      patient.phone,
      '--request',
      key,
      '--item',
      'سرم‌تراپی در منزل:1:2,800,000:1200000',
      '--item',
      'ایاب‌وذهاب پرستار:1:600000:0:200000',
      '--due',
      dayAhead(7),
    ]);
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const invoiceKey = /IN-[0-9A-Z]{6}/.exec(issued.stdout)?.[0];
    expect(invoiceKey).toBeDefined();
    expect(issued.stdout).toContain('2,000,000 ریال');
    const link = linkIn(issued.stdout);
    expect(link).toBeDefined();
    expect(smsAbout(invoiceKey!).at(-1)).toMatchObject({ to: patient.phone, text: expect.stringContaining(link!) });
    const read = await envelope<HospitalInvoice>(await hospital(`/invoices/${invoiceKey}`, { key: BILLING_KEY }));
    expect(read.data).toMatchObject({ service_request_key: key, payable: 2_000_000, issued_by: 'cli', due_at: new Date(tehranInstant(dayAhead(8), '00:00').getTime() - 1000).toISOString() });

    const noLines = await cli(['invoice', '--patient', patient.internationalCode, '--phone', patient.phone]);
    expect(noLines.code).toBe(1);
    expect(noLines.stderr).toContain('--item');
    const badItem = await cli(['invoice', '--patient', patient.internationalCode, '--phone', patient.phone, '--item', 'ویزیت:یک:1000']);
    expect(badItem.stderr).toContain('items.0.quantity');
    const wrongPhone = await cli(['invoice', '--patient', patient.internationalCode, '--phone', '09350000000', '--item', 'ویزیت:1:1000000']);
    expect(wrongPhone.stderr).toMatch(/^422: /);

    const dir = mkdtempSync(path.join(tmpdir(), 'hospital-invoice-'));
    try {
      const file = path.join(dir, 'items.json');
      writeFileSync(file, JSON.stringify([{ title: 'ویزیت در منزل', quantity: 1, unit_price: 3_000_000, insurance_share: 3_000_000 }]));
      const covered = await cli(['invoice', '--patient', patient.internationalCode, '--phone', patient.phone, '--file', file]);
      expect(covered.code).toBe(0);
      expect(covered.stdout).toContain('پرداخت‌شده');
      expect(linkIn(covered.stdout)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const english = await cli(['void-invoice', invoiceKey!, '--reason', 'cancelled']);
    expect(english.code).toBe(1);
    expect(english.stderr).toContain('reason');
    const voided = await cli(['void-invoice', invoiceKey!, '--reason', 'درخواست لغو شد']);
    expect(voided.stderr).toBe('');
    expect(voided.code).toBe(0);
    expect(voided.stdout).toContain(`صورت‌حساب ${invoiceKey}: باطل‌شده`);
    expect(voided.stdout).toContain('درخواست لغو شد');
    expect(smsAbout(invoiceKey!).at(-1)?.text).toContain('درخواست لغو شد');

    const url = server.url;
    await server.stop();
    const direct = await cli(['requests', '--status', 'all'], { PORTAL_URL: url });
    expect(direct.stderr).toContain('directly');
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain(key);
    const directInvoice = await cli(['invoice', '--patient', patient.internationalCode, '--phone', patient.phone, '--item', 'پانسمان:2:350000'], { PORTAL_URL: url });
    expect(directInvoice.code).toBe(0);
    const directKey = /IN-[0-9A-Z]{6}/.exec(directInvoice.stdout)?.[0];
    expect(linkIn(directInvoice.stdout)).toBeDefined();
    expect(smsAbout(directKey!).at(-1)?.text).toContain(linkIn(directInvoice.stdout)!);
    const directVoid = await cli(['void-invoice', directKey!, '--reason', 'صورت‌حساب تکراری بود'], { PORTAL_URL: url });
    expect(directVoid.code).toBe(0);
    expect(directVoid.stdout).toContain('باطل‌شده');
    const directMove = await cli(['request-status', key, 'in_progress'], { PORTAL_URL: url });
    expect(directMove.code).toBe(0);
    expect(directMove.stdout).toContain('در حال انجام');
    expect((await cli(['ledger-check'], { PORTAL_URL: url })).stdout).toContain('دفتر کل سازگار است');
  }, 180_000);

  // Last: reads the stopped server's database.
  it('wrote an audit row for every call: key, method, path, status, Idempotency-Key; the CLI’s direct calls as cli', async () => {
    const audit = await withDataDir(server.dataDir, (db) => db.select().from(hospitalAudit));
    const rows = audit.map((row) => [row.keyName, row.method, row.path.replace(/[A-Z]{2}-[0-9A-Z]{6}/, '<key>').split('?')[0], row.status]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [null, 'GET', '/api/hospital/v1/service-requests', 401],
        ['payroll', 'POST', '/api/hospital/v1/invoices', 403],
        ['desk', 'GET', '/api/hospital/v1/service-requests', 200],
        ['desk', 'POST', '/api/hospital/v1/service-requests/<key>/status', 200],
        ['desk', 'POST', '/api/hospital/v1/service-requests/<key>/status', 409],
        ['billing', 'POST', '/api/hospital/v1/invoices', 201],
        ['billing', 'POST', '/api/hospital/v1/invoices', 422],
        ['billing', 'POST', '/api/hospital/v1/invoices/<key>/void', 200],
        ['billing', 'GET', '/api/hospital/v1/invoices/<key>', 200],
        ['cli', 'POST', '/api/hospital/v1/invoices', 201],
        ['cli', 'POST', '/api/hospital/v1/invoices/<key>/void', 200],
        ['cli', 'GET', '/api/hospital/v1/service-requests', 200],
      ]),
    );
    // Each replayed issue is in the log with its Idempotency-Key, twice: the call and its replay.
    const issues = audit.filter((row) => row.keyName === 'billing' && row.method === 'POST' && row.path === '/api/hospital/v1/invoices' && row.idempotencyKey !== null);
    const byKey = Object.groupBy(issues, (row) => row.idempotencyKey!);
    expect(Object.values(byKey).some((group) => group!.map((row) => row.status).join() === '201,201,422')).toBe(true);
  });
});
