import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countVisitsIn } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let stored = 0;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server?.dispose());

const visit = () => ({
  visitor_id: randomUUID(),
  path: '/appointment?expertise=1',
  referrer: 'https://www.google.com/',
  user_agent: 'Mozilla/5.0 (Linux; Android 13)',
  screen_width: 390,
  screen_height: 844,
  device_type: 'mobile',
});

function track(body: unknown, { ip = '203.0.113.1', type = 'application/json' } = {}) {
  return fetch(new URL('/api/app/track-visit', server.url), {
    method: 'POST',
    headers: { 'content-type': type, 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/app/track-visit', () => {
  it('stores a valid visit (201, no-store)', async () => {
    const response = await track(visit());
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true });
    stored++;
  });

  it.each([
    ['a visitor id that is not a UUID', { ...visit(), visitor_id: 'abc' }, 'visitor_id'],
    ['a path that is not a path', { ...visit(), path: 'https://evil.example/' }, 'path'],
    ['an unknown device type', { ...visit(), device_type: 'watch' }, 'device_type'],
    ['a missing field', { ...visit(), screen_width: undefined }, 'screen_width'],
    ['a fractional width', { ...visit(), screen_width: 12.5 }, 'screen_width'],
    // PostgreSQL text cannot hold U+0000: these were 500s with a stack trace.
    ['a NUL in the referrer', { ...visit(), referrer: 'https://a.example/\u0000' }, 'referrer'],
    ['a NUL in the path', { ...visit(), path: '/\u0000' }, 'path'],
    ['an escape sequence in the user agent', { ...visit(), user_agent: 'Mozilla\u001b[2J' }, 'user_agent'],
    ['a lone surrogate in the user agent', { ...visit(), user_agent: 'Mozilla\ud800' }, 'user_agent'],
    ['a line break in the path', { ...visit(), path: '/a\nb' }, 'path'],
  ])('refuses %s with 422 and a Persian field error', async (_title, body, field) => {
    const response = await track(body, { ip: '203.0.113.2' });
    expect(response.status).toBe(422);
    const json = (await response.json()) as { success: boolean; errors: Record<string, string[]> };
    expect(json.success).toBe(false);
    expect(json.errors[field]?.[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses malformed JSON (422) and a non-JSON body (415)', async () => {
    expect((await track('{"visitor_id":', { ip: '203.0.113.3' })).status).toBe(422);
    expect((await track('<visit/>', { ip: '203.0.113.3', type: 'application/xml' })).status).toBe(415);
  });

  it("refuses a form posted from another site with the API's own 415 in JSON (decision 009)", async () => {
    const response = await fetch(new URL('/api/app/track-visit', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'visitor_id=x',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a body over 8 KB with 413', async () => {
    const response = await track({ ...visit(), user_agent: 'x'.repeat(20_000) }, { ip: '203.0.113.4' });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
  });

  it('limits each address to 120 a minute, then 429 with Retry-After', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await track(visit(), { ip })).status);
    stored += 120;
    expect(statuses.every((status) => status === 201)).toBe(true);
    const refused = await track(visit(), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await track(visit(), { ip: '198.51.100.8' })).status).toBe(201);
    stored++;
  });

  it('answers other methods with 405', async () => {
    const response = await fetch(new URL('/api/app/track-visit', server.url));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('wrote exactly the accepted visits and nothing of the refused ones', async () => {
    await server.stop('SIGTERM');
    expect(await countVisitsIn(server.dataDir)).toBe(stored);
  });
});
