import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { errorResponse, readJson } from './http.ts';

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
