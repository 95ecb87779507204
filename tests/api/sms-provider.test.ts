import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../src/server/auth/messages.ts';
import { post } from '../support/portal-api.ts';
import { startServer, type RunningServer } from '../support/server.ts';

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

  it('sends the code and the host through verify/lookup with the template', async () => {
    const response = await post(server, 'auth/login/with/phone-number', { phone_number: '09121234567' }, { ip: '203.0.113.70' });
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`/v1/${apiKey}/verify/lookup.json`);
    expect(requests[0]!.body).toEqual({ receptor: '09121234567', token: expect.stringMatching(/^\d{5}$/), token2: '127.0.0.1', template: 'portal-login' });
    expect(existsSync(path.join(server.dataDir, 'sms-outbox.jsonl'))).toBe(false);
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
  it('refuses to start on the console SMS provider', async () => {
    await expect(startServer({ env: { NODE_ENV: 'production' } })).rejects.toThrow(/SMS_PROVIDER=console in production/);
  });

  it('starts on the console provider when SMS_ALLOW_CONSOLE=1 says so', async () => {
    const server = await startServer({ env: { NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1' } });
    await server.dispose();
  });
});
