import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let secure: RunningServer;
beforeAll(async () => {
  [server, secure] = await Promise.all([startServer(), startServer({ env: { PUBLIC_SITE_URL: 'https://portal.example.ir' } })]);
});
afterAll(() => Promise.all([server?.dispose(), secure?.dispose()]));

const call = (target: RunningServer, path: string, init: RequestInit = {}) => fetch(new URL(path, target.url), { redirect: 'manual', ...init });
const persian = /[\u0600-\u06FF]/;

async function expectEnvelope(response: Response, status: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message).toMatch(persian);
}

describe("every /api answer is the JSON envelope, never Astro's English 403", () => {
  it('a token-only POST without a body or Content-Type reaches the endpoint', async () => {
    const token = 'A'.repeat(43);
    for (const path of ['/api/user/info', '/api/auth/logout']) {
      await expectEnvelope(await call(server, path, { method: 'POST', headers: { authorization: `Bearer ${token}` } }), 401);
    }
  });

  it("a cross-site POST with a form Content-Type gets the API's own answer (415), not a 403", async () => {
    const response = await call(server, '/api/auth/login/with/phone-number', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'phone_number=09121234567',
    });
    await expectEnvelope(response, 415);
  });

  it('a server-to-server POST with no Origin and no Content-Type is answered by the API', async () => {
    await expectEnvelope(await call(server, '/api/auth/login/with/phone-number', { method: 'POST' }), 415);
  });

  it('sends no-store on errors too: unknown path, wrong method, 2 MB body', async () => {
    await expectEnvelope(await call(server, '/api/no/such/call'), 404);
    await expectEnvelope(await call(server, '/api/user/info'), 405);
    const big = await call(server, '/api/app/track-visit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.headers.get('cache-control')).toBe('no-store');
  });
});

describe('cross-site form posts to pages', () => {
  const form = (origin: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: 'q=x',
  });

  it('are refused with a Persian page', async () => {
    for (const path of ['/appointment', '/', '/patient-profile']) {
      const response = await call(server, path, form('https://evil.example'));
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/lang="fa" dir="rtl"[\s\S]*پذیرفته نشد/);
    }
  });

  it('are not refused from our own origin', async () => {
    const response = await call(server, '/appointment', form(new URL(server.url).origin));
    expect(response.status).not.toBe(403);
  });
});

/** A GET with a Host header of our choosing (fetch does not let a test set Host). */
function headersWithHost(target: RunningServer, path: string, host: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, target.url);
    request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (response) => {
      response.resume();
      resolve(response.headers);
    })
      .on('error', reject)
      .end();
  });
}

describe('HSTS', () => {
  it('is sent on pages and the API when PUBLIC_SITE_URL is https', async () => {
    for (const path of ['/', '/api/health', '/manifest.json']) {
      const response = await call(secure, path);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
  });

  it('is not sent for an http PUBLIC_SITE_URL (a local install must not pin https)', async () => {
    const response = await call(server, '/');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // Whatever Host the request names.
    expect((await headersWithHost(server, '/', 'evil.example'))['strict-transport-security']).toBeUndefined();
  });
});
