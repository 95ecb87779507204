/**
 * The hospital side of test results over HTTP: filing our JSON and the FHIR
 * example bundles (docs/examples/fhir) through `POST /api/hospital/v1/test-results` and through
 * `npm run hospital -- result <file>`, the errors a broken bundle gets, scopes, Idempotency-Key,
 * the audit log and the OpenAPI document; and the patient's side: the result in their list, the
 * SMS in the outbox.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResult, TestResultSummary } from '../../src/lib/api/contracts/test-results.ts';
import { hospitalAudit } from '../../src/server/db/schema/hospital.ts';
import { testResults } from '../../src/server/db/schema/test-results.ts';
import { envelope, getAs } from '../support/appointments-api.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { lastCode, nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { cbcFiling } from '../support/test-results.ts';

const LAB_KEY = 'lab-results-key-0123456789abcdefghijklmnopqrstuvwxyz';
const BILLING_KEY = 'billing-only-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const EXAMPLES = path.resolve('docs/examples/fhir');
const example = (name: string) => JSON.parse(readFileSync(path.join(EXAMPLES, name), 'utf8')) as { entry: Array<{ resource: Record<string, unknown> }> };
/** The demo patient, whom the example bundles are filed for. */
const DEMO = { phone: '09120000000', internationalCode: '0000000604' };

let server: RunningServer;
let people = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1', DEMO_DATA: '1', HOSPITAL_API_KEYS: `lab:${sha256(LAB_KEY)}:test-results,billing:${sha256(BILLING_KEY)}:invoices` } });
});
afterAll(() => server?.dispose());

function file(body: unknown, { key = LAB_KEY, type = 'application/json', idempotencyKey }: { key?: string; type?: string; idempotencyKey?: string } = {}) {
  return fetch(new URL('/api/hospital/v1/test-results', server.url), {
    method: 'POST',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': type, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function newPatient() {
  const internationalCode = nationalCode(9_700 + ++people);
  const phone = newPhone();
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: 'نگار', lastName: 'صالحی', internationalCode });
  return { ...registered, phone, internationalCode };
}

/** Logs the demo patient in (the code from the SMS outbox) and answers the token. */
async function demoToken(): Promise<string> {
  const ip = newIp();
  await post(server, 'auth/login/with/phone-number', { phone_number: DEMO.phone }, { ip });
  const answer = await post(server, 'auth/check_verification_code', { phone_number: DEMO.phone, code: lastCode(server, DEMO.phone) }, { ip });
  return ((await answer.json()) as { data: Array<{ token: string }> }).data[0]!.token;
}

const resultsOf = async (token: string) => (await envelope<TestResultSummary[]>(await getAs(server, '/api/test-results', token))).data!;
const smsAbout = (text: string) => readOutbox(server).filter((line) => line.text.includes(text));

describe('hospital API: OpenAPI', () => {
  it('documents POST /test-results with its scope, both body formats and its answer', async () => {
    const { paths } = (await (await fetch(new URL('/api/hospital/v1/openapi.json', server.url))).json()) as {
      paths: Record<string, Record<string, { 'x-scope': string; requestBody: { content: Record<string, { schema: { required?: string[] } }> }; responses: Record<string, unknown> }>>;
    };
    const operation = paths['/test-results']!.post!;
    expect(operation['x-scope']).toBe('test-results');
    expect(operation.requestBody.content['application/json']!.schema.required).toEqual(['patient', 'reception_code', 'lab', 'collected_at', 'status', 'panels']);
    expect(operation.requestBody.content['application/fhir+json']!.schema.required).toEqual(['resourceType', 'entry']);
    // The first filing answers 201, a re-filing of the same reception code 200: both declared.
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '201', '401', '403', '409', '413', '415', '422']));
  });
});

describe('hospital API: filing our JSON', () => {
  it('answers 401 without a key and 403 for a key without the test-results scope', async () => {
    const patient = await newPatient();
    const body = cbcFiling({ international_code: patient.internationalCode, phone_number: patient.phone });
    expect((await file(body, { key: '' })).status).toBe(401);
    expect((await file(body, { key: 'not-a-key' })).status).toBe(401);
    expect((await file(body, { key: BILLING_KEY })).status).toBe(403);
    expect(await resultsOf(patient.token)).toEqual([]);
  });

  it("files to the patient's account with an SMS; a replay with the same Idempotency-Key answers the same and files nothing more", async () => {
    const patient = await newPatient();
    const body = cbcFiling({ international_code: patient.internationalCode, phone_number: patient.phone });
    const idempotencyKey = randomUUID();
    const first = await file(body, { idempotencyKey });
    expect(first.status).toBe(201);
    const filed = await envelope<{ key: string; linked: boolean; created: boolean }>(first);
    expect(filed.data).toMatchObject({ status: 'final', linked: true, created: true });
    const again = await file(body, { idempotencyKey });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await envelope(again)).data).toEqual(filed.data);

    const list = await resultsOf(patient.token);
    expect(list.map((result) => [result.key, result.abnormal_count])).toEqual([[filed.data!.key, 1]]);
    const sms = readOutbox(server).filter((line) => line.to === patient.phone && line.text.includes(String(body.reception_code)));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('http://localhost:4321/test-response/give-response');
  });

  it('names the path of each problem in our JSON, and refuses a reception code of another patient (409)', async () => {
    const patient = await newPatient();
    const body = cbcFiling({ international_code: patient.internationalCode, phone_number: patient.phone });
    const broken = await file({ ...body, collected_at: 'yesterday', panels: [{ name: 'CBC', observations: [{ code: '718-7', name: 'Hb', value: [] }] }] });
    expect(broken.status).toBe(422);
    expect(Object.keys((await envelope(broken)).errors!).sort()).toEqual(['collected_at', 'panels.0.observations.0.value']);
    expect((await file(body)).status).toBe(201);
    const other = await newPatient();
    const taken = await file({ ...cbcFiling({ international_code: other.internationalCode, phone_number: other.phone }), reception_code: body.reception_code });
    expect(taken.status).toBe(409);
    expect(await resultsOf(other.token)).toEqual([]);
  });
});

describe('hospital API: filing FHIR', () => {
  it('files the CBC example bundle for the demo patient, who reads it with flags and trends, told by SMS', async () => {
    const bundle = example('cbc-final.json');
    const answer = await file(bundle, { type: 'application/fhir+json' });
    expect(answer.status).toBe(201);
    const filed = (await envelope<{ key: string; linked: boolean }>(answer)).data!;
    expect(filed.linked).toBe(true);

    const token = await demoToken();
    expect((await resultsOf(token)).map((result) => result.key)).toContain(filed.key);
    const result = (await envelope<TestResult>(await getAs(server, `/api/test-results/${filed.key}`, token))).data!;
    const hemoglobin = result.panels.flatMap((panel) => panel.observations).find((observation) => observation.code === '718-7')!;
    expect(hemoglobin.flag).toBe('low');
    expect(hemoglobin.explanation?.title).toBeTruthy();
    expect(smsAbout(String(result.reception_code)).map((line) => line.to)).toEqual([DEMO.phone]);
  });

  it('answers a broken bundle with 422 and errors at paths of the bundle', async () => {
    const bundle = example('biochemistry-partial.json');
    const patientIndex = bundle.entry.findIndex((entry) => entry.resource.resourceType === 'Patient');
    const patient = bundle.entry[patientIndex]!.resource as { identifier: Array<{ system?: string; value: string }> };
    const national = patient.identifier.findIndex((identifier) => identifier.value === DEMO.internationalCode);
    patient.identifier[national]!.value = '1234567890';
    const answer = await file(bundle, { type: 'application/fhir+json' });
    expect(answer.status).toBe(422);
    const { errors } = await envelope(answer);
    expect(Object.keys(errors!)).toContain(`entry.${patientIndex}.resource.identifier.${national}.value`);
    expect((await file({ resourceType: 'Patient' }, { type: 'application/fhir+json' })).status).toBe(422);
  });
});

describe('npm run hospital -- result', () => {
  const cli = (args: string[], env: Record<string, string> = {}) => hospitalCli(args, { PORTAL_URL: server.url, DATA_DIR: server.dataDir, ...env });

  it('files the partial biochemistry example through the portal; the same file again is the same filing; a broken file is explained', async () => {
    const partial = await cli(['result', path.join(EXAMPLES, 'biochemistry-partial.json')]);
    expect(partial.stderr).toBe('');
    expect(partial.code).toBe(0);
    expect(partial.stdout).toMatch(/جواب آزمایش TR-[0-9A-Z]{6} .*جواب ناقص، ثبت شد \(FHIR\)/);
    expect(partial.stdout).toContain('به حساب بیمار رفت');
    // Its Idempotency-Key is the file's hash: the portal answers the first filing again.
    const replay = await cli(['result', path.join(EXAMPLES, 'biochemistry-partial.json')]);
    expect(replay.stdout.split('\n')[0]).toBe(partial.stdout.split('\n')[0]);
    expect(smsAbout('LAB-140312-0119').filter((line) => line.text.includes('بخشی از جواب'))).toHaveLength(1);
    expect(partial.stdout).toContain('به بیمار پیامک رفت');

    const dir = mkdtempSync(path.join(tmpdir(), 'result-file-'));
    try {
      // The same filing in another layout: a new filing that changes nothing, and says so.
      const again = path.join(dir, 'again.json');
      writeFileSync(again, JSON.stringify(example('biochemistry-partial.json'), null, 1));
      const unchanged = await cli(['result', again]);
      expect(unchanged.code).toBe(0);
      expect(unchanged.stdout).toMatch(/جواب ناقص، به‌روز شد \(FHIR\)/);
      expect(unchanged.stdout).toContain('چیزی تغییر نکرد؛ پیامکی فرستاده نشد.');
      expect(unchanged.stdout).not.toContain('به بیمار پیامک رفت');
      expect(smsAbout('LAB-140312-0119').filter((line) => line.text.includes('بخشی از جواب'))).toHaveLength(1);

      const json = path.join(dir, 'result.json');
      writeFileSync(json, '{"resourceType": "Bundle", "entry": []}');
      const broken = await cli(['result', json]);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('اطلاعات درست نیست');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("files our JSON on the database directly when no portal answers, waiting to be claimed when the mobile is not the account's; every call audited", async () => {
    const patient = await newPatient();
    const url = server.url;
    await server.stop();
    const dir = mkdtempSync(path.join(tmpdir(), 'result-file-'));
    try {
      const json = path.join(dir, 'result.json');
      const body = cbcFiling({ international_code: patient.internationalCode, phone_number: '09350000009' });
      writeFileSync(json, JSON.stringify(body));
      const direct = await cli(['result', json], { PORTAL_URL: url });
      expect(direct.stderr).toContain('working on the database directly');
      expect(direct.code).toBe(0);
      expect(direct.stdout).toContain('(JSON)');
      expect(direct.stdout).toContain('کد پذیرش و کد ملی');
      const stored = await withDataDir(server.dataDir, (db) =>
        db
          .select()
          .from(testResults)
          .where(eq(testResults.receptionCode, String(body.reception_code))),
      );
      expect(stored.map((row) => [row.accountId, row.filedBy, row.format])).toEqual([[null, 'cli', 'json']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const rows = await withDataDir(server.dataDir, (db) => db.select().from(hospitalAudit));
    const filings = rows.filter((row) => row.path === '/api/hospital/v1/test-results');
    expect(filings.some((row) => row.keyName === 'lab' && row.status === 201)).toBe(true);
    expect(filings.some((row) => row.keyName === 'billing' && row.status === 403)).toBe(true);
    expect(filings.some((row) => row.keyName === 'cli' && row.status === 201 && row.ip === 'local (npm run hospital)')).toBe(true);
  });
});
