import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/server/auth/messages.ts';
import { post, postRaw } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const apiKey = '4B6F3C2A1D9E8F70SECRETKEY5A6B7C8D';

describe('SMS_PROVIDER=kavenegar, against a local fake of Kavenegar', () => {
  const requests: Array<{ url: string; body: Record<string, string> }> = [];
  let status = 200;
  let fake: Server;
  let server: RunningServer;

  beforeAll(async () => {
    fake = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        requests.push({ url: request.url ?? '', body: Object.fromEntries(new URLSearchParams(body)) });
        const message = status === 200 ? 'تایید شد' : 'کلید شناسایی معتبر نمی‌باشد';
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ return: { status, message }, entries: [] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    server = await startServer({
      env: {
        TRUST_PROXY: '1',
        PUBLIC_SITE_URL: 'https://portal.example.ir',
        SMS_PROVIDER: 'kavenegar',
        KAVENEGAR_API_KEY: apiKey,
        KAVENEGAR_TEMPLATE: 'portal-login',
        KAVENEGAR_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      },
    });
  });
  afterAll(async () => {
    await server?.dispose();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("sends the code and PUBLIC_SITE_URL's hostname through verify/lookup with the template", async () => {
    status = 200;
    const response = await post(server, 'auth/login/with/phone-number', { phone_number: '09121234567' }, { ip: '203.0.113.70' });
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`/v1/${apiKey}/verify/lookup.json`);
    expect(requests[0]!.body).toEqual({ receptor: '09121234567', token: expect.stringMatching(/^\d{5}$/), token2: 'portal.example.ir', template: 'portal-login' });
    expect(existsSync(path.join(server.dataDir, 'sms-outbox.jsonl'))).toBe(false);
  });

  it('sends that hostname whatever Host header the request names', async () => {
    status = 200;
    const response = await postRaw(server, 'auth/login/with/phone-number', { phone_number: '09121234569' }, { host: 'evil.example', 'x-forwarded-for': '203.0.113.72' });
    expect(response.status).toBe(200);
    expect(requests.at(-1)!.body).toMatchObject({ receptor: '09121234569', token2: 'portal.example.ir' });
  });

  it("does not count Kavenegar's failures as sends: after three, the patient's fourth request is sent", async () => {
    const phone = '09121234570';
    status = 403;
    for (let i = 0; i < 3; i++) {
      const failed = await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip: '203.0.113.73' });
      expect(failed.status).toBe(503);
    }
    status = 200;
    const sent = await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip: '203.0.113.73' });
    expect(sent.status).toBe(200);
    expect(requests.filter((request) => request.body.receptor === phone)).toHaveLength(4);
  });

  it('stops calling a failing Kavenegar for a phone after 5 attempts in 10 minutes', async () => {
    const phone = '09121234571';
    status = 403;
    for (let i = 0; i < 5; i++) expect((await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip: '203.0.113.74' })).status).toBe(503);
    const capped = await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip: '203.0.113.74' });
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(requests.filter((request) => request.body.receptor === phone)).toHaveLength(5);
  });

  it('answers 503 in Persian when Kavenegar refuses, and never logs the API key', async () => {
    status = 403;
    const response = await post(server, 'auth/login/with/phone-number', { phone_number: '09121234568' }, { ip: '203.0.113.71' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, message: authMessages.smsFailed });
    expect(server.output()).toContain('was not sent');
    expect(server.output()).not.toContain(apiKey);
  });
});

describe('production', () => {
  const basics = { APP_SECRET: 'a-production-key-of-at-least-32-characters', PUBLIC_SITE_URL: 'https://portal.example.ir', PAYMENT_ALLOW_SANDBOX: '1' };

  it('refuses to start on the console SMS provider', async () => {
    await expect(startServer({ env: { NODE_ENV: 'production', ...basics } })).rejects.toThrow(/SMS_PROVIDER=console in production/);
  });

  it('refuses to start without APP_SECRET or PUBLIC_SITE_URL, saying why', async () => {
    const start = startServer({ env: { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', APP_SECRET: '', PUBLIC_SITE_URL: '' } });
    await expect(start).rejects.toThrow(/APP_SECRET is required in production[\s\S]*PUBLIC_SITE_URL is required in production/);
  });

  it('starts on the console provider when SMS_ALLOW_CONSOLE=1 says so, without writing a key file', { timeout: 90_000 }, async () => {
    const server = await startServer({ env: { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', ...basics } });
    expect(existsSync(path.join(server.dataDir, 'app-secret'))).toBe(false);
    await server.dispose();
  });
});
