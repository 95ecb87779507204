import type { ServiceRequest } from '../../src/lib/api/contracts/service-requests.ts';
import { addDays } from '../../src/lib/appointments/slots.ts';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { envelope } from './appointments-api.ts';
import { post } from './portal-api.ts';
import type { RunningServer } from './server.ts';
import { SANDBOX_CARD, submitAtBank } from './wallet-api.ts';

/** A Tehran address the address rule accepts (Persian, ≥ 10 letters). */
export const TEST_ADDRESS = 'تهران، خیابان آزادی، کوچهٔ لاله، پلاک ۱۲، واحد ۳';
/** The service the shipped catalogue offers (every window, from today). */
export const TEST_SERVICE = 'home-injection';

/** The Tehran calendar day `offset` days from today (YYYY-MM-DD). */
export const tehranDay = (offset = 0) => addDays(toTehranIsoDate(new Date()), offset);

/** A valid `POST /service-requests` body; `overrides` replace (or, set to undefined, drop) fields. */
export function requestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    service_id: TEST_SERVICE,
    phone: '09121234567',
    address: TEST_ADDRESS,
    preferred_date: tehranDay(3),
    preferred_window: 'morning',
    notes: 'طبقهٔ دوم، زنگ دوم را بزنید',
    ...overrides,
  };
  for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name];
  return body;
}

/** Files a service request for the caller; fails unless 201. */
export async function createRequest(server: RunningServer, token: string, overrides: Record<string, unknown> = {}): Promise<ServiceRequest> {
  const answer = await post(server, 'service-requests', requestBody(overrides), { token });
  if (answer.status !== 201) throw new Error(`service request answered ${answer.status}: ${await answer.text()}`);
  return (await envelope<ServiceRequest>(answer)).data!;
}

/** A hospital API call with `key` (GET without a body, POST with one: JSON-encoded unless a string). */
export function hospitalCall(server: RunningServer, key: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(`/api/hospital/v1${apiPath}`, server.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface IssuedInvoice {
  key: string;
  status: 'unpaid' | 'paid';
  payable: number;
  /** The absolute public link, while unpaid. */
  url?: string;
}

/** `POST /api/hospital/v1/invoices`; fails unless 201. */
export async function issueInvoice(
  server: RunningServer,
  key: string,
  body: { patient: { international_code: string; phone_number: string }; service_request_key?: string; items: Array<Record<string, unknown>>; due_at?: string },
): Promise<IssuedInvoice> {
  const answer = await hospitalCall(server, key, '/invoices', body);
  if (answer.status !== 201) throw new Error(`issuing an invoice answered ${answer.status}: ${await answer.text()}`);
  return (await envelope<IssuedInvoice>(answer)).data!;
}

/** The token at the end of a public link (`…/sr/invoice/<token>`). */
export const tokenOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;

/** Follows a `redirect_url` (`/go-to-bank?payment=…`) to the sandbox bank's page; answers its path. */
export async function bankPathOf(server: RunningServer, redirectUrl: string): Promise<string> {
  const page = await (await fetch(new URL(redirectUrl, server.url), { redirect: 'manual' })).text();
  const bankPath = /url=(\/sandbox-bank\/[A-Za-z0-9_-]+)/.exec(page)?.[1];
  if (!bankPath) throw new Error(`no bank link in ${redirectUrl}: ${page.slice(0, 300)}`);
  return bankPath;
}

/**
 * Pays a payment at the sandbox bank with a valid card and answers the callback the bank sends the
 * browser to, not yet followed: GET it to complete the payment (as often as a replay needs).
 */
export async function paidAtBank(server: RunningServer, redirectUrl: string): Promise<string> {
  const back = await submitAtBank(server, await bankPathOf(server, redirectUrl), SANDBOX_CARD);
  const callback = back.headers.get('location');
  if (!callback) throw new Error(`the sandbox bank answered ${back.status} without sending the browser back`);
  return callback;
}

/** The browser arriving at the bank's callback (/return-bank?…&Authority=…). */
export function arriveFromBank(server: RunningServer, callback: string): Promise<Response> {
  return fetch(new URL(callback, server.url), { redirect: 'manual' });
}
