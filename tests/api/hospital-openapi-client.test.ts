import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalCode, newPhone } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { cbcFiling, newReceptionCode } from '../support/test-results.ts';

/**
 * The hospital API as an outside team meets it: the served OpenAPI document, turned into types by
 * openapi-typescript and used through openapi-fetch, must type-check; and every status an operation
 * answers must be one the document declares, or a generated client has no type for it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const HIS_KEY = 'his-openapi-key-0123456789abcdefghijklmnopqrstuvwxyz';
const LAB_KEY = 'lab-openapi-key-0123456789abcdefghijklmnopqrstuvwxyz';
const BILLING_KEY = 'bill-openapi-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Operation {
  operationId: string;
  'x-scope': string;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let server: RunningServer;
let document: Document;
beforeAll(async () => {
  server = await startServer({ env: { HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)},lab:${sha256(LAB_KEY)}:test-results,billing:${sha256(BILLING_KEY)}:invoices`, DEMO_DATA: '0' } });
  document = (await (await fetch(new URL('/api/hospital/v1/openapi.json', server.url))).json()) as Document;
});
afterAll(() => server?.dispose());

/** Compiles `files` (name → source) strictly, as a client project would, and returns the errors. */
function typeErrors(dir: string, files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(dir, name)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      skipLibCheck: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** What a hospital developer writes against the generated types: each call's body, parameters and answers. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'https://portal.example/api/hospital/v1', headers: { authorization: 'Bearer key' } });

export async function fileAndRead(): Promise<string> {
  const filed = await client.POST('/test-results', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
    body: {
      patient: { international_code: '0012345679', phone_number: '09121234567' },
      reception_code: 'R-1', lab: 'آزمایشگاه', collected_at: '2026-11-20', status: 'final',
      panels: [{ name: 'CBC', observations: [
        { code: '718-7', name: 'Hemoglobin', unit: 'g/dL', value: 13.2, reference_low: 12, reference_high: 16 },
        { code: '85354-9', name: 'Blood pressure', components: [{ code: '8480-6', name: 'Systolic', value: 120, unit: 'mm[Hg]' }] },
      ] }],
    },
  });
  if (filed.error) return filed.error.message;
  const status: 'pending' | 'partial' | 'final' = filed.data.data.status;
  const told: boolean = filed.data.data.notified && filed.data.data.changed;
  // A re-filing answers 200 and the first filing 201: both are typed success answers.
  const answer: 200 | 201 | number = filed.response.status;
  return \`\${filed.data.data.key} \${status} \${told} \${answer}\`;
}

export async function payWithdrawals(): Promise<number> {
  const list = await client.GET('/withdrawals', { params: { query: { status: 'pending', page: 1, per_page: 50 } } });
  if (!list.data) return 0;
  for (const withdrawal of list.data.data) {
    const paid = await client.POST('/withdrawals/{key}/paid', {
      params: { path: { key: withdrawal.key }, header: { 'Idempotency-Key': crypto.randomUUID() } },
      body: { bank_reference: 'REF-1' },
    });
    if (paid.error) console.log(paid.error.message, paid.error.errors);
  }
  return list.data.meta.total;
}

export async function readOne(key: string) {
  const invoice = await client.GET('/invoices/{key}', { params: { path: { key } } });
  const check = await client.GET('/ledger/check');
  return [invoice.data?.data, check.data?.data.ok];
}

export async function wrongCalls() {
  // @ts-expect-error the filing's reception code is required
  await client.POST('/test-results', { body: { patient: { international_code: '1', phone_number: '2' }, lab: 'x', collected_at: 'x', status: 'final', panels: [] } });
  // @ts-expect-error no such route
  await client.GET('/wallets');
  // @ts-expect-error the path parameter is required
  await client.GET('/invoices/{key}', {});
}
`;

// The probe runs first: the type check blocks the event loop for seconds, and a keep-alive
// connection the server closes meanwhile would fail the next request.
describe('hospital API: every answered status is declared', () => {
  const answered = new Map<string, Set<number>>();
  async function call(method: string, route: string, init: { key?: string; body?: string; type?: string; query?: string } = {}): Promise<number> {
    const url = new URL(`/api/hospital/v1${route.replace(/\{(\w+)\}/g, 'NOPE-000000')}${init.query ?? ''}`, server.url);
    const response = await fetch(url, {
      method: method.toUpperCase(),
      headers: {
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...(init.type ? { 'content-type': init.type } : {}),
        ...(method === 'post' ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: init.body,
    }).catch((error: unknown) => {
      throw new Error(`${method} ${route} ${init.type ?? ''} ${init.body?.length ?? 0}: ${String(error)}`);
    });
    await response.arrayBuffer();
    record(method, route, response.status);
    return response.status;
  }
  function record(method: string, route: string, status: number): void {
    const id = `${method.toUpperCase()} ${route}`;
    if (!answered.has(id)) answered.set(id, new Set());
    answered.get(id)!.add(status);
  }
  /**
   * A call (of the operation's method) that declares a 2 MB body and waits for the answer before
   * sending it: the portal refuses on the declared length, and the client reads that answer rather
   * than racing a cut connection.
   */
  function declaredTooLarge(method: string, route: string, key: string): Promise<number> {
    const url = new URL(`/api/hospital/v1${route.replace(/\{(\w+)\}/g, 'NOPE-000000')}`, server.url);
    return new Promise((resolve, reject) => {
      const outgoing = request(url, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024), 'idempotency-key': randomUUID() },
      });
      outgoing.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', (error) => reject(error));
      outgoing.flushHeaders();
    });
  }

  it('answers each operation without a key, with another scope, with odd input and with a body too large or not JSON', async () => {
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        await call(method, route);
        await call(method, route, { key: op['x-scope'] === 'test-results' ? BILLING_KEY : LAB_KEY });
        if (method === 'get') {
          await call(method, route, { key: HIS_KEY });
          await call(method, route, { key: HIS_KEY, query: '?page=0&per_page=1000&status=%00&date=2026-02-30&doctor_id=x' });
          continue;
        }
        await call(method, route, { key: HIS_KEY, type: 'application/json', body: '{}' });
        await call(method, route, { key: HIS_KEY, type: 'application/json', body: '{"reason":"\u0000","bank_reference":"x","status":"done"' });
        await call(method, route, { key: HIS_KEY, type: 'text/plain', body: 'hello' });
        record(method, route, await declaredTooLarge(method, route, HIS_KEY));
      }
    }
    // A first filing and a re-filing of the same reception code.
    const filing = JSON.stringify(cbcFiling({ international_code: nationalCode(8_801), phone_number: newPhone() }, { reception_code: newReceptionCode() }));
    expect(await call('post', '/test-results', { key: HIS_KEY, type: 'application/json', body: filing })).toBe(201);
    expect(await call('post', '/test-results', { key: HIS_KEY, type: 'application/json', body: filing })).toBe(200);

    const undeclared = [...answered].flatMap(([id, statuses]) => {
      const [method, route] = id.split(' ') as [string, string];
      const declared = Object.keys(document.paths[route]![method.toLowerCase()]!.responses);
      return [...statuses].filter((status) => !declared.includes(String(status))).map((status) => `${id} → ${status}`);
    });
    expect(undeclared).toEqual([]);
    // The probe reached past the key check on every operation, not only the 401/403 doors.
    for (const [id, statuses] of answered) {
      expect(
        [...statuses].some((status) => status !== 401 && status !== 403),
        id,
      ).toBe(true);
      const [method, route] = id.split(' ') as [string, string];
      if (document.paths[route]![method.toLowerCase()]!.requestBody) expect([...statuses], id).toEqual(expect.arrayContaining([401, 403, 413, 415, 422]));
    }
  }, 120_000);
});

describe('hospital API: a generated client', () => {
  it('type-checks: openapi-typescript types of the served document, used through openapi-fetch', async () => {
    // Inside the project, so that the client's `openapi-fetch` import resolves from node_modules.
    const cache = path.join(root, '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'openapi-client-'));
    try {
      const schema = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
      expect(schema).toContain('"/test-results"');
      expect(typeErrors(dir, { 'schema.d.ts': schema, 'client.ts': CLIENT })).toEqual([]);
      // The check has teeth: a call the document does not allow is an error.
      const broken = CLIENT.replace("bank_reference: 'REF-1'", 'reference: 1');
      expect(typeErrors(dir, { 'schema.d.ts': schema, 'client.ts': broken }).join('\n')).toMatch(/client\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
