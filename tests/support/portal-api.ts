import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutboxLine } from '../../src/server/sms/console.ts';
import type { RunningServer } from './server.ts';

export { nationalCode, otherCode } from './people.ts';

export interface CallOptions {
  /** Sent as X-Forwarded-For (the server runs with TRUST_PROXY=1), so each test has its own address. */
  ip?: string;
  token?: string;
  /** Content-Type; default application/json. */
  type?: string;
  headers?: Record<string, string>;
}

/** POSTs `body` (JSON-encoded unless a string) to the portal's API. */
export function post(server: RunningServer, apiPath: string, body?: unknown, { ip, token, type = 'application/json', headers = {} }: CallOptions = {}): Promise<Response> {
  return fetch(new URL(`/api/${apiPath}`, server.url), {
    method: 'POST',
    headers: {
      'content-type': type,
      ...(ip ? { 'x-forwarded-for': ip } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every message the console SMS provider wrote to the server's outbox. */
export function readOutbox(server: RunningServer): OutboxLine[] {
  const file = path.join(server.dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The code of the last SMS to `phone`, read from its WebOTP line. */
export function lastCode(server: RunningServer, phone: string): string {
  const message = readOutbox(server).findLast((line) => line.to === phone);
  const code = message && /#(\d{5})$/.exec(message.text)?.[1];
  if (!code) throw new Error(`no login SMS to ${phone} in the outbox`);
  return code;
}

let counter = 0;
/** A mobile number no other test of this file uses. */
export const newPhone = () => `0935${String(1_000_000 + ++counter)}`;
/** An address no other test of this file uses. */
export const newIp = () => `198.18.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

export interface RawAnswer {
  status: number;
  headers: import('node:http').IncomingHttpHeaders;
  text: string;
}

/**
 * POSTs JSON with headers that fetch() will not send as given (a forged `Host`), through
 * node:http.
 */
export async function postRaw(server: RunningServer, apiPath: string, body: unknown, headers: Record<string, string>): Promise<RawAnswer> {
  const { request } = await import('node:http');
  const url = new URL(`/api/${apiPath}`, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * Registers one patient through the real login calls (send a code, check it, register) and
 * answers the new account's token and id; fails the calling test if registration is refused.
 */
export async function registerPatient(
  server: RunningServer,
  person: { phone: string; ip: string; firstName: string; lastName: string; internationalCode: string },
): Promise<{ token: string; accountId: number; user: { id: number } }> {
  const { phone, ip } = person;
  await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
  const code = lastCode(server, phone);
  await post(server, 'auth/check_verification_code', { phone_number: phone, code }, { ip });
  const registered = await post(
    server,
    'auth/register',
    { phone_number: phone, code, first_name: person.firstName, last_name: person.lastName, international_code: person.internationalCode, gender: 'female' },
    { ip },
  );
  if (registered.status !== 200) throw new Error(`registration answered ${registered.status}: ${await registered.text()}`);
  const { token, user } = ((await registered.json()) as { data: { token: string; user: { id: number } } }).data;
  return { token, accountId: user.id, user };
}
