import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received, as it arrived. */
export interface FakeZarinpalRequest {
  method: string;
  path: string;
  contentType: string;
  /** The parsed JSON body; the raw text when it was not JSON. */
  body: unknown;
}

/**
 * How every call fails while set: HTTP 500, no answer at all, an HTML page with status 200, or
 * Zarinpal's -12 "too many attempts".
 */
export type FakeZarinpalFault = 'http500' | 'hang' | 'html' | 'rate-limited';

/** A payment the fake registered. */
export interface FakePayment {
  authority: string;
  /** Rials (an IRT request is stored ×10). */
  amount: number;
  callbackUrl: string;
  description: string;
  mobile: string | undefined;
  /** Set by pay(): the card (full number) and Zarinpal's reference. */
  paid: { cardPan: string; refId: number } | undefined;
  /** Successful verify calls so far: the first answers 100, the next ones 101. */
  verifications: number;
}

export interface FakeZarinpal {
  /** Pass as ZARINPAL_BASE_URL / `baseUrl`. */
  readonly baseUrl: string;
  readonly merchantId: string;
  readonly requests: FakeZarinpalRequest[];
  /** Why the fake refused each malformed call, in order; a correct adapter leaves it empty. */
  readonly refusals: string[];
  /** While set, every API call fails this way (after being recorded and checked). */
  fault: FakeZarinpalFault | undefined;
  /** HTTP status of Zarinpal's error answers (`errors`, empty `data`). */
  errorStatus: number;
  /** What a browser at StartPay does: pays (Status=OK) or cancels (Status=NOK). */
  startPay: 'pay' | 'cancel';
  /** The patient pays `authority` at the bank; returns the callback URL the bank sends the browser to. */
  pay(authority: string, payer?: { cardPan?: string; refId?: number }): string;
  /** The patient cancels at the bank; returns the callback URL with Status=NOK. */
  cancel(authority: string): string;
  payment(authority: string): FakePayment | undefined;
  close(): Promise<void>;
}

const REQUEST_PATH = '/pg/v4/payment/request.json';
const VERIFY_PATH = '/pg/v4/payment/verify.json';
const START_PAY = /^\/pg\/StartPay\/([^/?]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Zarinpal's authorities: 36 characters, `A` (or `S` on the sandbox) and 35 letters or digits. */
const AUTHORITY = /^[AS][0-9A-Za-z]{35}$/;
const MOBILE = /^09\d{9}$/;
const REQUEST_KEYS = new Set(['merchant_id', 'amount', 'currency', 'description', 'callback_url', 'metadata']);
const VERIFY_KEYS = new Set(['merchant_id', 'amount', 'authority']);
const METADATA_KEYS = new Set(['mobile', 'email', 'order_id']);

/** A Zarinpal error code and its English message, as the v4 API names them. */
const ERRORS = {
  validation: [-9, 'The input params invalid, validation error.'],
  terminal: [-10, 'Terminal is not valid, please check merchant_id or ip address.'],
  amountMismatch: [-50, 'Session is not valid, amounts values is not the same.'],
  rateLimited: [-12, 'To many attempts, please try again later.'],
  notPaid: [-51, 'Session is not valid, session is not active paid try.'],
  authority: [-54, 'Invalid authority.'],
} as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The problems every call can have: fields it does not take, and the amount (positive integer rials or tomans). */
function commonProblems(body: Record<string, unknown>, keys: Set<string>): string[] {
  const problems = Object.keys(body)
    .filter((key) => !keys.has(key))
    .map((key) => `unknown field ${key}`);
  if (!Number.isSafeInteger(body.amount) || (body.amount as number) <= 0) problems.push(`amount must be a positive integer, got ${JSON.stringify(body.amount)}`);
  return problems;
}

/** The problems of a request.json body other than merchant_id; empty when Zarinpal would take it. */
function requestProblems(body: Record<string, unknown>): string[] {
  const problems = commonProblems(body, REQUEST_KEYS);
  if (body.currency !== undefined && body.currency !== 'IRR' && body.currency !== 'IRT') problems.push('currency must be IRR or IRT');
  // Zarinpal takes at least 1,000 toman (its SDK checks the same before sending).
  else if (Number.isSafeInteger(body.amount) && (body.amount as number) * (body.currency === 'IRT' ? 10 : 1) < 10_000) problems.push('amount must be at least 1000 toman (10000 rials)');
  if (typeof body.description !== 'string' || body.description.trim() === '' || body.description.length > 500) problems.push('description must be 1–500 characters');
  if (!absoluteHttpUrl(body.callback_url)) problems.push(`callback_url must be an absolute http(s) URL, got ${JSON.stringify(body.callback_url)}`);
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) problems.push('metadata must be an object');
    else {
      for (const key of Object.keys(body.metadata)) if (!METADATA_KEYS.has(key)) problems.push(`unknown field metadata.${key}`);
      const { mobile } = body.metadata;
      if (mobile !== undefined && (typeof mobile !== 'string' || !MOBILE.test(mobile))) problems.push('metadata.mobile must be 09xxxxxxxxx');
    }
  }
  return problems;
}

/** The problems of a verify.json body other than merchant_id. */
function verifyProblems(body: Record<string, unknown>): string[] {
  const problems = commonProblems(body, VERIFY_KEYS);
  if (typeof body.authority !== 'string' || !AUTHORITY.test(body.authority)) problems.push(`authority must be A or S and 35 letters or digits, got ${JSON.stringify(body.authority)}`);
  return problems;
}

const newAuthority = () => `A${'0'.repeat(10)}${Array.from({ length: 25 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[randomInt(36)]).join('')}`;

/** Zarinpal's masked card number in verify answers: first 6, stars, last 4. */
const zarinpalMask = (pan: string) => `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local Zarinpal (REST v4) for tests. It checks every call as strictly as the real one would and
 * more (JSON content type, the configured merchant_id, integer amounts, absolute callback URLs,
 * authority format, no unknown fields), records each refusal in `refusals`, and keeps Zarinpal's
 * state: issued authorities, which were paid, and how often each was verified.
 */
export async function startFakeZarinpal({ merchantId }: { merchantId: string }): Promise<FakeZarinpal> {
  const requests: FakeZarinpalRequest[] = [];
  const refusals: string[] = [];
  const payments = new Map<string, FakePayment>();
  let nextRefId = 201;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const success = (response: ServerResponse, data: Record<string, unknown>) => send(response, 200, { data, errors: [] });
  const failure = (response: ServerResponse, [code, message]: readonly [number, string], validations: string[] = []) =>
    send(response, fake.errorStatus, { data: [], errors: { code, message, validations } });
  const refuse = (response: ServerResponse, status: number, reason: string, validations: string[] = [reason]) => {
    refusals.push(reason);
    send(response, status, { data: [], errors: { code: ERRORS.validation[0], message: ERRORS.validation[1], validations } });
  };

  const callbackWith = (payment: FakePayment, status: 'OK' | 'NOK') => {
    const url = new URL(payment.callbackUrl);
    url.searchParams.set('Authority', payment.authority);
    url.searchParams.set('Status', status);
    return url.href;
  };
  const issued = (authority: string) => {
    const payment = payments.get(authority);
    if (!payment) throw new Error(`fake Zarinpal: no payment ${authority}`);
    return payment;
  };

  function answerRequest(response: ServerResponse, body: Record<string, unknown>) {
    const authority = newAuthority();
    const amount = (body.amount as number) * (body.currency === 'IRT' ? 10 : 1);
    const mobile = isObject(body.metadata) && typeof body.metadata.mobile === 'string' ? body.metadata.mobile : undefined;
    payments.set(authority, { authority, amount, callbackUrl: body.callback_url as string, description: body.description as string, mobile, paid: undefined, verifications: 0 });
    success(response, { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 });
  }

  function answerVerify(response: ServerResponse, body: Record<string, unknown>) {
    const payment = payments.get(body.authority as string);
    if (!payment) return failure(response, ERRORS.authority);
    if (payment.amount !== body.amount) return failure(response, ERRORS.amountMismatch);
    if (!payment.paid) return failure(response, ERRORS.notPaid);
    payment.verifications += 1;
    const { cardPan, refId } = payment.paid;
    success(response, {
      code: payment.verifications === 1 ? 100 : 101,
      message: payment.verifications === 1 ? 'Paid' : 'Verified',
      card_hash: createHash('sha256').update(cardPan).digest('hex').toUpperCase(),
      card_pan: zarinpalMask(cardPan),
      ref_id: refId,
      fee_type: 'Merchant',
      fee: 0,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const contentType = request.headers['content-type'] ?? '';
    const text = await readBody(request);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Recorded as text; refused below.
    }
    requests.push({ method: request.method ?? '', path, contentType, body });

    const startPay = START_PAY.exec(path);
    if (startPay && request.method === 'GET') {
      const payment = payments.get(decodeURIComponent(startPay[1]!));
      if (!payment) return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>تراکنش یافت نشد</h1>');
      const location = fake.startPay === 'pay' ? fake.pay(payment.authority) : fake.cancel(payment.authority);
      return response.writeHead(302, { location }).end();
    }

    if (request.method !== 'POST') return refuse(response, 405, `${request.method} ${path}: only POST`);
    if (path !== REQUEST_PATH && path !== VERIFY_PATH) return refuse(response, 404, `POST ${path}: no such endpoint`);
    if (!/^application\/json(;|$)/i.test(contentType)) return refuse(response, 415, `${path}: content-type ${JSON.stringify(contentType)}, not application/json`);
    if (!isObject(body)) return refuse(response, 400, `${path}: the body is not a JSON object`);

    const problems = path === REQUEST_PATH ? requestProblems(body) : verifyProblems(body);
    if (typeof body.merchant_id !== 'string' || !UUID.test(body.merchant_id)) problems.unshift(`merchant_id must be a UUID, got ${JSON.stringify(body.merchant_id)}`);
    if (problems.length > 0) return refuse(response, 400, `${path}: ${problems.join('; ')}`, problems);

    if (fake.fault === 'hang') return; // close() ends the connection.
    if (fake.fault === 'http500') return response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (fake.fault === 'html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Maintenance</title><p>در حال به‌روزرسانی</p>');

    if (fake.fault === 'rate-limited') return send(response, 429, { data: [], errors: { code: ERRORS.rateLimited[0], message: ERRORS.rateLimited[1], validations: [] } });
    if (body.merchant_id !== merchantId) return failure(response, ERRORS.terminal);
    return path === REQUEST_PATH ? answerRequest(response, body) : answerVerify(response, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      refusals.push(`fake Zarinpal crashed: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const fake: FakeZarinpal = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    merchantId,
    requests,
    refusals,
    fault: undefined,
    errorStatus: 400,
    startPay: 'pay',
    pay(authority, payer = {}) {
      const payment = issued(authority);
      payment.paid ??= { cardPan: payer.cardPan ?? '6037991234561234', refId: payer.refId ?? nextRefId++ };
      return callbackWith(payment, 'OK');
    },
    cancel(authority) {
      return callbackWith(issued(authority), 'NOK');
    },
    payment: (authority) => payments.get(authority),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
