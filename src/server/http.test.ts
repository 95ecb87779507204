import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '#lib/api/messages.ts';
import { validationMessages as M } from '#lib/validation/messages.ts';
import { AppError } from './errors.ts';
import { controlCharacterErrors, errorResponse, KeyParams, pathParam, readJson, readParams, rowIdParam } from './http.ts';

const Schema = v.object({ name: v.pipe(v.string(), v.maxLength(5)) });

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://test/api', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('readJson', () => {
  it('returns the validated body', async () => {
    await expect(readJson(post('{"name":"علی"}'), Schema)).resolves.toEqual({ name: 'علی' });
  });

  it('refuses a body that is not JSON by type (415)', async () => {
    expect((await failure(readJson(post('name=x', { 'content-type': 'text/plain' }), Schema))).code).toBe('unsupported_media_type');
  });

  it('refuses an array where an object is expected, even when every field is optional (422)', async () => {
    const AllOptional = v.object({ hours: v.optional(v.number(), 72) });
    for (const body of ['[]', '[{"hours":24}]']) {
      const error = await failure(readJson(post(body), AllOptional));
      expect([error.code, error.errors]).toEqual(['invalid_input', { _: ['بدنهٔ درخواست باید یک شیء JSON ({…}) باشد.'] }]);
    }
    await expect(readJson(post('{}'), AllOptional)).resolves.toEqual({ hours: 72 });
  });

  it('refuses unparseable JSON (422)', async () => {
    expect((await failure(readJson(post('{"name":'), Schema))).code).toBe('invalid_input');
  });

  it('gives field errors in Persian (422)', async () => {
    const error = await failure(readJson(post('{"name":"خیلی طولانی"}'), Schema));
    expect(error.code).toBe('invalid_input');
    expect(error.errors).toEqual({ name: ['حداکثر ۵ کاراکتر مجاز است'] });
  });

  it('refuses a declared length over the limit (413)', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(200) });
    const request = post(body, { 'content-type': 'application/json', 'content-length': String(body.length) });
    expect((await failure(readJson(request, Schema, { maxBytes: 100 }))).code).toBe('payload_too_large');
  });

  it('refuses a streamed body over the limit without a declared length (413)', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(50)));
        controller.close();
      },
    });
    expect((await failure(readJson(post(chunks), Schema, { maxBytes: 100 }))).code).toBe('payload_too_large');
  });
});

describe('errorResponse', () => {
  it.each([
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['not_acceptable', 406],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['invalid_input', 422],
    ['rate_limited', 429],
  ] as const)('%s → %i with the envelope', async (code, status) => {
    const response = errorResponse(new AppError(code, 'پیام'));
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: false, message: 'پیام' });
  });

  it('sets Retry-After in whole seconds for rate limits', () => {
    const response = errorResponse(new AppError('rate_limited', 'صبر', { retryAfter: 12.2 }));
    expect(response.headers.get('retry-after')).toBe('13');
  });

  it('hides unexpected errors behind a Persian 500', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const response = errorResponse(new Error('database password is hunter2'));
      expect(response.status).toBe(500);
      const body = (await response.json()) as { message: string };
      expect(body.message).not.toContain('hunter2');
      expect(body.message).toMatch(/[\u0600-\u06FF]/);
    } finally {
      console.error = original;
    }
  });
});

// readJson refuses control characters in any string of any body.
const TextSchema = v.object({ name: v.string(), note: v.optional(v.string()) });
const refused = [M.controlCharacter];

describe('readJson and control characters', () => {
  it.each<[string, string, Record<string, string[]>]>([
    ['NUL in a field', '{"name":"a\\u0000b"}', { name: refused }],
    ['escape in a field', '{"name":"\\u001b[31m"}', { name: refused }],
    ['DEL', '{"name":"x\\u007f"}', { name: refused }],
    ['a C1 control', '{"name":"x\\u0085"}', { name: refused }],
    ['a lone surrogate', '{"name":"\\ud800"}', { name: refused }],
    ['NUL in a field the schema does not know', '{"name":"ok","extra":"\\u0000"}', { extra: refused }],
    ['NUL deep in an array', '{"name":"ok","list":[1,{"x":["a","\\u0000"]}]}', { 'list.1.x.1': refused }],
    ['NUL in a key', '{"name":"ok","a\\u0000":1}', { 'a\u0000': refused }],
    ['a bare string body', '"\\u0000"', { _: refused }],
    ['NUL under a "__proto__" key', '{"name":"ok","__proto__":"\\u0000"}', JSON.parse('{"__proto__":["متن واردشده نویسه‌های نامعتبر دارد"]}')],
  ])('%s → 422 under its path', async (_title, body, errors) => {
    const error = await failure(readJson(post(body), TextSchema));
    expect(error.code).toBe('invalid_input');
    expect(error.errors).toMatchObject(errors);
    expect(Object.keys(error.errors ?? {})).toEqual(Object.keys(errors));
    expect(JSON.parse(JSON.stringify(error.errors))).toEqual(errors);
  });

  it('gives the control message alone for that field, and keeps the other fields’ errors', async () => {
    const error = await failure(readJson(post('{"name":"\\u0000","note":5}'), TextSchema));
    expect(error.errors).toEqual({ name: refused, note: ['مقدار واردشده معتبر نیست'] });
  });

  it.each([
    ['tab, LF and CR', '{"name":"a\\tb\\nc\\r\\n"}', 'a\tb\nc\r\n'],
    ['an emoji (a surrogate pair)', '{"name":"\\ud83d\\ude00"}', '😀'],
    ['ZWNJ in a Persian word', '{"name":"می\\u200cشود"}', 'می\u200Cشود'],
  ])('lets %s through to the schema', async (_title, body, name) => {
    await expect(readJson(post(body), TextSchema)).resolves.toEqual({ name });
  });
});

describe('controlCharacterErrors', () => {
  it('walks a body nested deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterErrors(deep)).toEqual({ [Array(100_000).fill('0').join('.')]: refused });
  });

  it('reports at most 20 fields', () => {
    const body = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, '\u0000']));
    expect(Object.keys(controlCharacterErrors(body) ?? {})).toHaveLength(20);
  });

  it.each([null, 1, true, 'ok', [], {}, { a: ['b', { c: 'd' }] }])('finds nothing in %j', (body) => {
    expect(controlCharacterErrors(body)).toBeNull();
  });
});

describe('readParams', () => {
  const thrown = (call: () => unknown): AppError => {
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected a refusal');
  };

  it('cuts a parameter to its length, as a lookup takes it, and drops the ones the schema does not name', () => {
    expect(readParams({ key: 'k'.repeat(40), other: 'x' }, KeyParams)).toEqual({ key: 'k'.repeat(32) });
    expect(readParams({ doctor_id: 'dr-1' }, v.object({ doctor_id: pathParam(100) }))).toEqual({ doctor_id: 'dr-1' });
  });

  it('answers 404 for a parameter the route cannot hold, with the message the schema gives', () => {
    const Params = v.object({ key: pathParam(32), id: rowIdParam('این پیوند پیدا نشد') });
    expect(readParams({ key: 'abc', id: '42' }, Params)).toEqual({ key: 'abc', id: 42 });
    for (const id of ['0', '042', '-1', '1.5', 'x', '1'.repeat(17)]) {
      const error = thrown(() => readParams({ key: 'abc', id }, Params));
      expect([error.code, error.message]).toEqual(['not_found', 'این پیوند پیدا نشد']);
    }
    expect([thrown(() => readParams({}, KeyParams)).code, thrown(() => readParams({}, KeyParams)).message]).toEqual(['not_found', apiMessages.notFound]);
  });
});
