/**
 * Hostile and invisible input on every POST endpoint. One patient logs in
 * and registers; then invisible "required" values and a batch of nasty values and bodies go to
 * every endpoint. Never a 5xx, always the JSON envelope with a Persian message, and afterwards the
 * database holds exactly that one login and no visit.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/server/accounts/repository.ts';
import { nationalCode, newIp, readOutbox, registerPatient } from '../support/portal-api.ts';
import { countLoginRowsIn, countVisitsIn, withDataDir } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const REQUIRED = 'این فیلد الزامی است';
const CONTROL = 'متن واردشده نویسه‌های نامعتبر دارد';
const PERSIAN = /[\u0600-\u06FF]/;

let server: RunningServer;
const phone = '09351239876';
let token = '';
let accountId = 0;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
  ({ token, accountId } = await registerPatient(server, { phone, ip: newIp(), firstName: 'نرگس', lastName: 'امینی', internationalCode: nationalCode(11) }));
});
afterAll(() => server?.dispose());

interface Answer {
  status: number;
  type: string;
  text: string;
  json: { success?: boolean; message?: string; errors?: Record<string, string[]> } | null;
}

/** POSTs a raw body (string, bytes or stream) and reads the whole answer; never throws on a status. */
async function send(endpoint: string, body: BodyInit | undefined, { type = 'application/json', auth = '' } = {}): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(new URL(`/api/${endpoint}`, server.url), {
      method: 'POST',
      headers: { 'content-type': type, 'x-forwarded-for': newIp(), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    // No answer at all (the connection was reset): report it as such, with the cause.
    return { status: 0, type: '', text: String((error as Error).cause ?? error), json: null };
  }
  const text = await response.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = null;
  }
  return { status: response.status, type: response.headers.get('content-type') ?? '', text, json };
}

/** What every answer to bad input must look like. */
function expectEnvelope(answer: Answer, what: string) {
  expect(answer.status, `${what}: an answer`).toBeGreaterThan(0);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.type, what).toMatch(/^application\/json/);
  expect(answer.json, what).not.toBeNull();
  expect(answer.text, `${what}: no stack trace`).not.toMatch(/\n\s+at |\.(?:ts|mjs|js):\d+/);
  if (answer.status >= 400) {
    expect(answer.json?.success, what).toBe(false);
    expect(answer.json?.message, what).toMatch(PERSIAN);
  }
}

// Every POST endpoint, with a body it would take (or that fails only for want of a live code) and
// the token it is called with. user/info and logout read no body; logout gets a dead token, or it
// would log the patient out.
const endpoints = () =>
  [
    { path: 'auth/login/with/phone-number', auth: '', body: { phone_number: '09351230000' } },
    { path: 'auth/check_verification_code', auth: '', body: { phone_number: phone, code: '12345' } },
    {
      path: 'auth/register',
      auth: '',
      body: { phone_number: phone, code: '12345', first_name: 'نرگس', last_name: 'امینی', international_code: nationalCode(12), gender: 'female' },
    },
    {
      path: 'user/update',
      auth: token,
      body: { first_name: 'نرگس', last_name: 'امینی', international_code: nationalCode(11), birthday: null, gender: 'female' },
    },
    { path: 'user/info', auth: token, body: {} },
    { path: 'auth/logout', auth: 'not-a-token', body: {} },
    {
      path: 'app/track-visit',
      auth: '',
      body: { visitor_id: randomUUID(), path: '/', referrer: '', user_agent: 'test', screen_width: 390, screen_height: 844, device_type: 'mobile' },
    },
  ] as const;

const invisibleMixes: [string, string][] = [
  ['ten zero-width spaces', '\u200B'.repeat(10)],
  ['ZWNJs and spaces', '\u200C \u200C\u200C '],
  ['bidi marks and isolates', '\u200E\u200F\u202B\u2066\u2069\u202C'],
  ['BOM, word joiner, no-break space', '\uFEFF\u2060\u00A0'],
];

describe('invisible characters are not a value', () => {
  const requiredFields: [string, string, string, Record<string, unknown>][] = [];
  for (const [name, value] of invisibleMixes) {
    requiredFields.push(
      ['auth/login/with/phone-number', 'phone_number', name, { phone_number: value }],
      ['auth/check_verification_code', 'phone_number', name, { phone_number: value, code: '12345' }],
      ['auth/check_verification_code', 'code', name, { phone_number: phone, code: value }],
    );
    const register = { phone_number: phone, code: '12345', first_name: 'نرگس', last_name: 'امینی', international_code: nationalCode(13), gender: 'female' };
    for (const field of ['phone_number', 'code', 'first_name', 'last_name', 'international_code']) {
      requiredFields.push(['auth/register', field, name, { ...register, [field]: value }]);
    }
    const update = { first_name: 'نرگس', last_name: 'امینی', international_code: nationalCode(11), gender: 'female' };
    for (const field of ['first_name', 'last_name', 'international_code']) {
      requiredFields.push(['user/update', field, name, { ...update, [field]: value }]);
    }
  }

  it.each(requiredFields)('%s: %s made of %s → 422 «الزامی»', async (path, field, _name, body) => {
    const answer = await send(path, JSON.stringify(body), { auth: path === 'user/update' ? token : '' });
    expectEnvelope(answer, `${path} ${field}`);
    expect(answer.status).toBe(422);
    expect(answer.json?.errors?.[field]).toEqual([REQUIRED]);
  });
});

/** Strings no field takes: control characters (in several places), lone surrogates, far too long. */
const nastyStrings: [string, string][] = [
  ['NUL', '\u0000'],
  ['NUL inside', '0935123\u00004567'],
  ['NUL at the end', 'abc\u0000'],
  ['SOH STX', '\u0001\u0002'],
  ['an ANSI escape', '\u001B[2J'],
  ['DEL', 'x\u007F'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '/\u009B'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '/\uDFFF'],
  ['a cut emoji', 'ok\uD83D'],
  ['3,000 Latin letters', 'x'.repeat(3000)],
  ['3,000 Persian letters (6 KB)', 'ب'.repeat(3000)],
];

/** Raw JSON for values JSON.stringify cannot write, or that are better written by hand. */
const RAW = '\u0000raw:';
const nastyValues: [string, unknown][] = [
  ...nastyStrings,
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['1e309 (Infinity once parsed)', `${RAW}1e309`],
  ['2^53 + 1', `${RAW}9007199254740993`],
  ['true', true],
  ['false', false],
  ['an empty array', []],
  ['an array', ['a', 1]],
  ['an empty object', {}],
  ['a query operator', { $gt: '' }],
  ['a nested object', { a: { b: { c: { d: '\u0000' } } } }],
  ['1,000 nested arrays', `${RAW}${'['.repeat(1000)}${']'.repeat(1000)}`],
];
/** For the numeric fields: numbers written as strings, in both digit sets, and out of range. */
const nastyNumbers: [string, unknown][] = [
  ['"375"', '375'],
  ['"۳۷۵"', '۳۷۵'],
  ['"0x10"', '0x10'],
  ['100,001', 100_001],
];

const hasControl = (s: string) => !s.startsWith(RAW) && (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(s) || !s.isWellFormed());
const endpointReadsBody = (path: string) => path !== 'user/info' && path !== 'auth/logout';

function bodyText(body: Record<string, unknown>): string {
  const text = JSON.stringify(body);
  return text.replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

describe('a batch of hostile input on every POST endpoint', () => {
  it('refuses a nasty value in every field, never with a 5xx, always with the envelope', async () => {
    const cases: { path: string; auth: string; field: string; name: string; text: string; control: false | 'field' | 'nested' }[] = [];
    for (const endpoint of endpoints()) {
      const fields = Object.keys(endpoint.body).length > 0 ? Object.keys(endpoint.body) : ['anything'];
      for (const field of fields) {
        const numeric = field.startsWith('screen_');
        for (const [name, value] of [...nastyValues, ...(numeric ? nastyNumbers : [])]) {
          const control = typeof value === 'string' && hasControl(value) ? 'field' : name === 'a nested object' ? 'nested' : false;
          cases.push({ ...endpoint, field, name, text: bodyText({ ...endpoint.body, [field]: value }), control });
        }
      }
    }
    const answers = await inParallel(cases, 6, (c) => send(c.path, c.text, { auth: c.auth }));
    cases.forEach((c, i) => {
      const answer = answers[i]!;
      const what = `${c.path} ${c.field} = ${c.name} → ${answer.status} ${answer.text.slice(0, 200)}`;
      expectEnvelope(answer, what);
      if (c.path === 'user/info') {
        // Reads no body: the patient's own account, unchanged.
        expect(answer.status, what).toBe(200);
      } else if (c.path === 'auth/logout') {
        expect(answer.status, what).toBe(401);
      } else {
        expect([413, 422], what).toContain(answer.status);
      }
      // A control character or lone surrogate is refused under its field's path.
      if (c.control && endpointReadsBody(c.path)) {
        expect(answer.status, what).toBe(422);
        expect(answer.json?.errors?.[c.control === 'nested' ? `${c.field}.a.b.c.d` : c.field], what).toEqual([CONTROL]);
      }
    });
    expect(cases.length).toBeGreaterThan(400);
  }, 300_000);

  it('refuses hostile bodies: not JSON, not an object, deep, prototype keys, 2 MB, streamed', async () => {
    const twoMb = 'x'.repeat(2 * 1024 * 1024);
    const bodies: [string, () => BodyInit, string?][] = [
      ['empty', () => ''],
      ['cut JSON', () => '{"phone_number": "0935'],
      ['null', () => 'null'],
      ['an array', () => '[]'],
      ['a string', () => '"09351234567"'],
      ['a number', () => '0'],
      ['a BOM before JSON', () => '\uFEFF{}'],
      ['bytes that are not UTF-8', () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
      ['1,900 nested arrays', () => `${'['.repeat(1900)}${']'.repeat(1900)}`],
      ['600 nested objects', () => `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`],
      ['NUL in a key', () => '{"a\\u0000":1}'],
      ['NUL under "__proto__"', () => '{"__proto__":"\\u0000"}'],
      [
        'prototype-pollution keys',
        () => '{"__proto__":{"isAdmin":true,"success":true},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"x":1},"device_type":5,"phone_number":5,"first_name":5}',
      ],
      ['2 MB with a length', () => JSON.stringify({ phone_number: twoMb })],
      // Under the adapter's 1 MB limit the rest is read and dropped, and the connection stays usable
      // for the next request (which `send` makes on it).
      ['500 KB streamed without a length', () => streamOf(JSON.stringify({ phone_number: 'x'.repeat(500_000) }))],
      ['JSON sent as XML', () => '{}', 'application/xml'],
    ];
    for (const endpoint of endpoints()) {
      for (const [name, body, type] of bodies) {
        const answer = await send(endpoint.path, body(), { auth: endpoint.auth, ...(type ? { type } : {}) });
        const what = `${endpoint.path} ${name} → ${answer.status} ${answer.text.slice(0, 200)}`;
        expectEnvelope(answer, what);
        expect(answer.text, what).not.toContain('polluted');
        if (endpoint.path === 'user/info') expect(answer.status, what).toBe(200);
        else if (endpoint.path === 'auth/logout') expect(answer.status, what).toBe(401);
        else expect([413, 415, 422], what).toContain(answer.status);
      }
    }
    // Past the adapter's 1 MB limit the connection is cut after the answer: on a connection of its own.
    for (const endpoint of endpoints()) {
      const answer = await sendStreamedOnOwnConnection(endpoint.path, JSON.stringify({ phone_number: twoMb }), endpoint.auth);
      const what = `${endpoint.path} 2 MB streamed → ${answer.status} ${answer.text.slice(0, 200)}`;
      expectEnvelope(answer, what);
      if (endpoint.path === 'user/info') expect(answer.status, what).toBe(200);
      else if (endpoint.path === 'auth/logout') expect(answer.status, what).toBe(401);
      else expect(answer.status, what).toBe(413);
    }
    // The "__proto__" key is a field like any other, reported under its own name.
    const proto = await send('app/track-visit', '{"__proto__":"\\u0000"}');
    // biome-ignore lint/suspicious/noProto: the field is named __proto__ on purpose
    // biome-ignore lint/complexity/useLiteralKeys: the bracket says it is a key, not the prototype
    expect(proto.json?.errors?.['__proto__']).toEqual([CONTROL]);
  }, 300_000);

  it('still answers normally afterwards (nothing leaked into shared objects)', async () => {
    const info = await send('user/info', undefined, { auth: token });
    expect(info.status).toBe(200);
    expect(info.json).not.toHaveProperty('isAdmin');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const refused = await send('auth/login/with/phone-number', '{}');
    expect(refused.json).toEqual({ success: false, message: expect.stringMatching(PERSIAN), errors: { phone_number: [REQUIRED] } });
  });
});

describe('after all that', () => {
  it('the database holds the one login only: no account, code, check, token, change or visit was written', async () => {
    expect(readOutbox(server)).toHaveLength(1);
    await server.stop('SIGTERM');
    expect(await countLoginRowsIn(server.dataDir)).toEqual({ accounts: 1, codes: 1, failedChecks: 0, tokens: 1 });
    expect(await countVisitsIn(server.dataDir)).toBe(0);
    const account = await withDataDir(server.dataDir, (db) => findAccount(db, accountId));
    expect(account).toMatchObject({ phoneNumber: phone, firstName: 'نرگس', lastName: 'امینی', internationalCode: nationalCode(11), birthday: null });
  });
});

/** A chunked POST (no Content-Length) on a connection of its own, read to the end. */
function sendStreamedOnOwnConnection(endpoint: string, text: string, auth: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      new URL(`/api/${endpoint}`, server.url),
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newIp(), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => undefined);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: Answer['json'] = null;
          try {
            json = JSON.parse(body) as Answer['json'];
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: body, json });
        });
      },
    );
    // Writing may fail once the server has answered and cut the rest: the answer is what counts,
    // so give it a moment to arrive before reporting that none came.
    req.on('error', (error) => setTimeout(() => resolve({ status: 0, type: '', text: String(error), json: null }), 2_000));
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) req.write(bytes.subarray(offset, offset + 64 * 1024));
    req.end();
  });
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}
