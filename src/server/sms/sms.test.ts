import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../../../tests/support/rejection.ts';
import { parseEnv } from '../env.ts';
import { createConsoleProvider } from './console.ts';
import { createSmsProvider } from './index.ts';
import { createKavenegarProvider } from './kavenegar.ts';
import { otpText, SmsError } from './provider.ts';

const sms = { to: '09121234567', code: '04821' };
const siteHost = 'portal.example.ir';
const receipt = { to: '09121234567', text: 'پرداخت ۱٬۲۰۰٬۰۰۰ ریال انجام شد.\nکد پیگیری: 201' };

describe('otpText', () => {
  it('ends with the WebOTP line and carries the code in Latin digits', () => {
    const text = otpText(sms, siteHost);
    expect(text.split('\n').at(-1)).toBe('@portal.example.ir #04821');
    expect(text.split('\n')[0]).toContain('04821');
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('console provider', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-sms-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends one JSON line {to, text, at} per message, creating the folder, and logs it', async () => {
    const outboxFile = path.join(dir, 'nested', 'outbox.jsonl');
    const logged: string[] = [];
    const provider = createConsoleProvider({ outboxFile, siteHost, log: (line) => logged.push(line) });
    await provider.sendOtp(sms);
    await provider.sendOtp({ ...sms, code: '11111' });
    const lines = readFileSync(outboxFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; text: string; at: string });
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!)).toEqual(['to', 'text', 'at']);
    expect(lines[0]).toMatchObject({ to: sms.to, text: otpText(sms, siteHost) });
    expect(new Date(lines[0]!.at).toISOString()).toBe(lines[0]!.at);
    expect(logged).toHaveLength(2);
    expect(logged[1]).toContain('#11111');
  });

  it('appends a plain message as it is, in the same outbox', async () => {
    const outboxFile = path.join(dir, 'plain.jsonl');
    const logged: string[] = [];
    const provider = createConsoleProvider({ outboxFile, siteHost, log: (line) => logged.push(line) });
    await provider.sendOtp(sms);
    await provider.sendText(receipt);
    const lines = readFileSync(outboxFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; text: string; at: string });
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[1]!)).toEqual(['to', 'text', 'at']);
    expect(lines[1]).toMatchObject(receipt);
    expect(logged[1]).toContain('کد پیگیری: 201');
  });

  it('is what the default configuration gives, naming localhost in the WebOTP line', async () => {
    const provider = createSmsProvider(parseEnv({ DATA_DIR: dir }));
    expect(provider.name).toBe('console');
    await provider.sendOtp(sms);
    expect(readFileSync(path.join(dir, 'sms-outbox.jsonl'), 'utf8')).toContain('@localhost #04821');
  });

  it('names the hostname of PUBLIC_SITE_URL, without its port, in the WebOTP line', async () => {
    const outbox = path.join(dir, 'site.jsonl');
    const provider = createSmsProvider(parseEnv({ SMS_OUTBOX_FILE: outbox, PUBLIC_SITE_URL: 'https://portal.example.ir:8443/fa/' }));
    await provider.sendOtp(sms);
    expect(readFileSync(outbox, 'utf8')).toContain(String.raw`\n@portal.example.ir #04821"`);
  });
});

describe('Kavenegar provider', () => {
  const apiKey = '6A4F2B1C7E3D/9+SECRET=';
  const requests: Array<{ method: string; url: string; type: string; body: URLSearchParams }> = [];
  /** What the fake answers next: HTTP status and body. */
  let reply: { status: number; body: string } = { status: 200, body: '' };
  let server: Server;
  let baseUrl = '';

  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        type: request.headers['content-type'] ?? '',
        body: new URLSearchParams(await read(request)),
      });
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () => createKavenegarProvider({ apiKey, template: 'portal-login', baseUrl, siteHost });
  const ok = JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 1, status: 5 }] });

  it('posts receptor, token (the code), token2 (the host) and template to verify/lookup with the key in the path', async () => {
    reply = { status: 200, body: ok };
    await provider().sendOtp(sms);
    const request = requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/v1/${encodeURIComponent(apiKey)}/verify/lookup.json`);
    expect(request.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.body)).toEqual({ receptor: '09121234567', token: '04821', token2: 'portal.example.ir', template: 'portal-login' });
  });

  it('posts receptor and message to sms/send with the key in the path, from KAVENEGAR_SENDER when it is set', async () => {
    reply = { status: 200, body: ok };
    await createKavenegarProvider({ apiKey, template: 'portal-login', baseUrl, siteHost, sender: '10008663' }).sendText(receipt);
    const request = requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/v1/${encodeURIComponent(apiKey)}/sms/send.json`);
    expect(request.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.body)).toEqual({ receptor: '09121234567', message: receipt.text, sender: '10008663' });
  });

  it('leaves the sender out when none is set (Kavenegar then uses the default line)', async () => {
    reply = { status: 200, body: ok };
    await provider().sendText(receipt);
    expect(Object.fromEntries(requests.at(-1)!.body)).toEqual({ receptor: '09121234567', message: receipt.text });
  });

  it('sends from KAVENEGAR_SENDER when the configuration names it', async () => {
    reply = { status: 200, body: ok };
    const config = parseEnv({
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: apiKey,
      KAVENEGAR_TEMPLATE: 'portal-login',
      KAVENEGAR_BASE_URL: baseUrl,
      KAVENEGAR_SENDER: '2000500666',
    });
    await createSmsProvider(config).sendText(receipt);
    expect(requests.at(-1)!.body.get('sender')).toBe('2000500666');
  });

  it.each([
    ['an API error', 403, JSON.stringify({ return: { status: 403, message: 'کلید شناسایی معتبر نمی‌باشد' }, entries: null })],
    ['a 200 whose return status is not 200', 200, JSON.stringify({ return: { status: 418, message: 'اعتبار کافی نیست' } })],
    ['an HTML error page', 502, `<html>bad gateway for /v1/${apiKey}/verify</html>`],
  ])('rejects %s with an SmsError that does not contain the key, for codes and plain messages', async (_title, status, body) => {
    reply = { status, body };
    for (const send of [() => provider().sendOtp(sms), () => provider().sendText(receipt)]) {
      const error = await rejection(send(), SmsError);
      expect(error.message).toContain(String(status));
      expect(error.message).not.toContain(apiKey);
      expect(error.message).not.toContain(encodeURIComponent(apiKey));
    }
  });

  it('rejects an unreachable server without the key either', async () => {
    const unreachable = createKavenegarProvider({ apiKey, template: 'portal-login', baseUrl: 'http://127.0.0.1:9', siteHost, timeoutMs: 2000 });
    const error = await rejection(unreachable.sendOtp(sms), SmsError);
    expect(error.message).toMatch(/could not be reached/);
    expect(error.message).not.toContain(apiKey);
  });

  it('is what SMS_PROVIDER=kavenegar gives', () => {
    const config = parseEnv({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: apiKey, KAVENEGAR_TEMPLATE: 'portal-login' });
    expect(createSmsProvider(config).name).toBe('kavenegar');
  });
});
