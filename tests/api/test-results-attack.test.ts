/**
 * An attacker's view of test results: other accounts' result keys and hostile keys,
 * claims that guess (wrong reception code, wrong national code, someone else's result) and the
 * limits on them — one after another and all at once —, claim races, share links of someone else's
 * result, unknown, malformed, revoked and expired share tokens, what a live link shows, hostile
 * bodies, and the hospital's filing (keys and scopes, Idempotency-Key, conflicts, backwards status,
 * absurd values, deep JSON, 50 filings of one new reception code at once). Every refusal is 4xx with
 * the error envelope, never 5xx, and never tells a result that exists from one that does not.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_LIVE_SHARES, type SharedTestResult, type TestResult, type TestResultSummary } from '../../src/lib/api/contracts/test-results.ts';
import { type Envelope, envelope, getAs } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { hospitalCall } from '../support/invoice-api.ts';
import { lastCode, nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { rawRequest as sendRaw } from '../support/raw-request.ts';
import type { RunningServer } from '../support/server.ts';
import { cbcFiling, newReceptionCode, type ResultFiling } from '../support/test-results.ts';

const LAB_KEY = 'lab-test-results-attack-key-0123456789abcdefghijklmnopqrstuvwxyz';
const BILLING_KEY = 'billing-test-results-attack-key-0123456789abcdefghijklmnopqrstu';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const persian = /[\u0600-\u06FF]/;
const toPersianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
/** The claim limits of src/server/test-results/claim.ts (CLAIM_LIMITS). */
const ACCOUNT_FAILURES = 5;
const ADDRESS_FAILURES = 20;

let server: RunningServer;
/** The scratch PostgreSQL database's URL (PostgreSQL run only): to age a share link past its expiry. */
let databaseUrl: string | undefined;
let people = 0;

type Patient = Awaited<ReturnType<typeof patient>>;

/** A registered patient with a national code of their own, and a mobile of their own unless given one. */
async function patient(name: { first: string; last: string } = { first: 'پریسا', last: 'امینی' }, internationalCode = nationalCode(13_000 + ++people), phone = newPhone()) {
  const registered = await registerPatient(server, { phone, ip: newIp(), firstName: name.first, lastName: name.last, internationalCode });
  return { ...registered, phone, internationalCode, ...name };
}
/** `count` accounts on one mobile (a patient and relatives): one login code, a registration each. */
async function family(phone: string, count: number): Promise<Array<{ token: string }>> {
  const ip = newIp();
  await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
  const code = lastCode(server, phone);
  expect((await post(server, 'auth/check_verification_code', { phone_number: phone, code }, { ip })).status).toBe(200);
  const members = [];
  for (let i = 0; i < count; i++) {
    const body = { phone_number: phone, code, first_name: 'پریسا', last_name: 'امینی', international_code: nationalCode(13_000 + ++people), gender: 'female' };
    const answer = await post(server, 'auth/register', body, { ip });
    expect(answer.status).toBe(200);
    members.push({ token: ((await answer.json()) as { data: { token: string } }).data.token });
  }
  return members;
}
/** The account on a waiting result's filed mobile: its claims need no code. */
const onFiledMobile = (result: { phone: string }) => patient(undefined, undefined, result.phone);
/** A national code no account of this file has. */
const strangerCode = () => nationalCode(13_000 + ++people);

const lab = (body: unknown, headers: Record<string, string> = {}) => hospitalCall(server, LAB_KEY, '/test-results', body, headers);

/** Files a result with the lab's key; fails unless 200/201. */
async function file(body: ResultFiling): Promise<{ key: string; status: string; linked: boolean; created: boolean }> {
  const answer = await lab(body);
  const text = await answer.text();
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`filing answered ${answer.status}: ${text}`);
  return (JSON.parse(text) as Envelope<{ key: string; status: string; linked: boolean; created: boolean }>).data!;
}
/** A final CBC filed for `owner` (their national code and mobile): linked to them. */
const fileFor = (owner: Pick<Patient, 'internationalCode' | 'phone'>, changes: ResultFiling = {}) =>
  file(cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone }, changes));

/** GETs a portal path from an address of its own (the public routes limit per address). */
const get = (path: string, token?: string) => getAs(server, path, token, newIp());
const claim = (who: Pick<Patient, 'token'>, body: unknown, ip = newIp()) => post(server, 'test-results/claim', body, { token: who.token, ip });
const share = (who: Pick<Patient, 'token'>, key: string, body: unknown = { hours: 24 }) => post(server, `test-results/${key}/share`, body, { token: who.token, ip: newIp() });
const revoke = (who: Pick<Patient, 'token'>, key: string, id: number | string) => post(server, `test-results/${key}/shares/${id}/revoke`, undefined, { token: who.token, ip: newIp() });

async function detailOf(owner: Pick<Patient, 'token'>, key: string): Promise<TestResult> {
  const answer = await get(`/api/test-results/${key}`, owner.token);
  expect(answer.status).toBe(200);
  return (await envelope<TestResult>(answer)).data!;
}
async function listOf(owner: Pick<Patient, 'token'>): Promise<TestResultSummary[]> {
  const answer = await get('/api/test-results?per_page=50', owner.token);
  expect(answer.status).toBe(200);
  return (await envelope<TestResultSummary[]>(answer)).data!;
}
/** Shares `key` and answers the link's id and token; fails unless 201. */
async function shareOk(owner: Pick<Patient, 'token'>, key: string, hours = 24): Promise<{ id: number; token: string }> {
  const answer = await share(owner, key, { hours });
  const body = await envelope<{ id: number; url: string }>(answer);
  expect(answer.status, JSON.stringify(body)).toBe(201);
  const token = body.data!.url.split('/').pop()!;
  expect(body.data!.url).toBe(`/test-response/shared/${token}`);
  return { id: body.data!.id, token };
}

/** A refusal: `status`, no-store, and the error envelope with a Persian message. */
async function refused(answer: Response, status: number, what: string): Promise<Envelope> {
  const body = await envelope(answer);
  expect(answer.status, `${what}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expect(answer.headers.get('cache-control') ?? '', what).toContain('no-store');
  expect(body.success, what).toBe(false);
  expect(body.message, what).toMatch(persian);
  return body;
}
const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};
/** Statuses tallied, for messages: `{"200":1,"404":19}`. */
const tally = (statuses: number[]) =>
  JSON.stringify(
    statuses.reduce<Record<number, number>>((counts, s) => {
      counts[s] = (counts[s] ?? 0) + 1;
      return counts;
    }, {}),
  );

/** `path` exactly as written; a POST carries the share body unless told otherwise. */
const rawRequest = (method: 'GET' | 'POST', path: string, token?: string, body = '{"hours":24}') => sendRaw(server, method, path, { token, body });

/** A result filed under a national code no account has (with some mobile): it waits to be claimed. */
async function waitingResult(changes: ResultFiling = {}): Promise<{ key: string; receptionCode: string; internationalCode: string; phone: string }> {
  const internationalCode = strangerCode();
  const phone = newPhone();
  const body = cbcFiling({ international_code: internationalCode, phone_number: phone }, changes);
  const filed = await file(body);
  expect(filed.linked).toBe(false);
  return { key: filed.key, receptionCode: body.reception_code as string, internationalCode, phone };
}

/** The embedded database always; PostgreSQL (real concurrency: row locks) when TEST_DATABASE_URL is set. */
describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  const env = { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `lab:${sha256(LAB_KEY)}:test-results,billing:${sha256(BILLING_KEY)}:invoices`, DEMO_DATA: '0' };
  withServerOn(database, env, (running) => ({ server, databaseUrl } = running));

  describe('result keys', () => {
    it('answers another account’s result with the very 404 of an unknown key, on every route, and lists nothing of it', async () => {
      const owner = await patient();
      const attacker = await patient({ first: 'رضا', last: 'نوری' });
      const { key } = await fileFor(owner);
      const { id: shareId, token } = await shareOk(owner, key);

      const routes = (k: string) =>
        [
          ['GET', `/api/test-results/${k}`],
          ['POST', `/api/test-results/${k}/share`],
          ['POST', `/api/test-results/${k}/shares/${shareId}/revoke`],
        ] as const;
      const theirs = routes(key);
      const nobodys = routes('TR-ZZZZZZ');
      for (let i = 0; i < theirs.length; i++) {
        const [method, path] = theirs[i]!;
        const answer = await rawRequest(method, path, attacker.token);
        const missing = await rawRequest(nobodys[i]![0], nobodys[i]![1], attacker.token);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.text, `${method} ${path}`).toBe(missing.text);
        expect(JSON.parse(answer.text), path).toMatchObject({ success: false, message: expect.stringMatching(persian) });
        expect(answer.text).not.toContain(key);
      }
      expect((await listOf(attacker)).map((r) => r.key)).not.toContain(key);
      // The link still opens and is still the owner's only one: the attacker made none and revoked none.
      expect((await get(`/api/public/test-results/${token}`)).status).toBe(200);
      expect((await detailOf(owner, key)).shares.map((s) => s.id)).toEqual([shareId]);
      // A token in the query or body opens nothing; a hospital key is not a patient's token.
      expect((await get(`/api/test-results/${key}?token=${owner.token}`)).status).toBe(401);
      expect((await get(`/api/test-results/${key}`, LAB_KEY)).status).toBe(401);
      expect((await post(server, `test-results/${key}/share`, { hours: 24, token: owner.token })).status).toBe(401);
    });

    it('answers 404, never 5xx, to odd result keys and share ids on every route, for the owner too', async () => {
      const owner = await patient();
      const attacker = await patient();
      const { key } = await fileFor(owner);
      const odd = [
        'TR-AAAAAA',
        'TR-000000',
        'tr-xxxxxx',
        key.toLowerCase(),
        `${key}%00`,
        `TR-%00AAAAA`,
        encodeURIComponent(`${key}\u0000`),
        `${key}%20`,
        `%20${key}`,
        `${key}%0A`,
        '..%2F',
        '..%2F..%2Fwallet',
        `..%2F${key}`,
        'A'.repeat(5000),
        `${key}${'A'.repeat(5000)}`,
        '__proto__',
        'constructor',
        encodeURIComponent(`${key}' OR '1'='1`),
        '%F0%9F%92%A5',
        '%C0%AE%C0%AE',
        encodeURIComponent('TR-۱۲۳۴۵۶'),
        encodeURIComponent('TR-\uFF21\uFF21\uFF21\uFF21\uFF21\uFF21'),
        encodeURIComponent('جواب'),
      ];
      for (const param of odd) {
        for (const [method, path] of [
          ['GET', `/api/test-results/${param}`],
          ['POST', `/api/test-results/${param}/share`],
          ['POST', `/api/test-results/${param}/shares/1/revoke`],
        ] as const) {
          for (const [who, token] of [
            ['attacker', attacker.token],
            ['owner', owner.token],
          ] as const) {
            const answer = await rawRequest(method, path, token);
            expect(answer.status, `${who} ${method} ${path.slice(0, 80)}`).toBe(404);
            expect(JSON.parse(answer.text), `${who} ${path.slice(0, 80)}`).toMatchObject({ success: false });
          }
        }
      }
      const { id } = await shareOk(owner, key);
      for (const shareId of ['0', '-1', '1e3', '0x1', '99999999999999999999', 'abc', '__proto__', `${id}%00`, `${id}.0`, ` ${id}`.replace(' ', '%20'), 'A'.repeat(5000)]) {
        const answer = await rawRequest('POST', `/api/test-results/${key}/shares/${shareId}/revoke`, owner.token);
        expect(answer.status, `revoke ${shareId.slice(0, 40)}`).toBe(404);
      }
      // Dot segments resolve as a browser would: at most to the caller's own routes.
      for (const [method, path] of [
        ['GET', `/api/test-results/../test-results/${key}`],
        ['GET', `/api/test-results/%2E%2E/test-results/${key}`],
        ['POST', `/api/test-results/x/../${key}/share`],
        ['GET', `/api/public/test-results/../../test-results/${key}`],
        ['GET', `/api/test-results/${key}/../../wallet`],
      ] as const) {
        const { status } = await rawRequest(method, path, attacker.token);
        expect(status, path).toBeLessThan(500);
        if (!path.endsWith('wallet')) expect(status, path).toBe(404);
      }
      for (const query of ['page=0', 'page=-1', 'page=1e3', 'page=999999', 'per_page=0', 'per_page=51', 'per_page=__proto__', 'page=1%00', `page=${'9'.repeat(5000)}`]) {
        const answer = await get(`/api/test-results?${query}`, attacker.token);
        expect([200, 422], query.slice(0, 40)).toContain(answer.status);
        if (answer.status === 200) expect((await envelope<unknown[]>(answer)).data, query.slice(0, 40)).toEqual([]);
      }
      // The owner's result is untouched; the one link the owner made is the only one.
      expect((await detailOf(owner, key)).shares.map((s) => s.id)).toEqual([id]);
    });
  });

  describe('claims', () => {
    it('answers every mismatch with the very same 404 — wrong national code, wrong reception code, someone else’s result — and 422 to malformed input', async () => {
      const owner = await patient();
      const linked = await fileFor(owner);
      const linkedReception = (await detailOf(owner, linked.key)).reception_code;
      const waiting = await waitingResult();
      const claimedByOther = await waitingResult();
      const other = await onFiledMobile(claimedByOther);
      expect((await claim(other, { reception_code: claimedByOther.receptionCode, international_code: claimedByOther.internationalCode })).status).toBe(200);

      // Each guess from an account and address of its own: the limits are not what is tested here.
      const guess = async (body: unknown) => claim(await patient(), body);
      const reference = await refused(await guess({ reception_code: 'NO-SUCH-CODE-1', international_code: strangerCode() }), 404, 'unknown reception code');
      const cases: Array<[string, unknown]> = [
        ['(a) right reception code, wrong national code', { reception_code: waiting.receptionCode, international_code: strangerCode() }],
        ['(a) right reception code, the owner’s national code of another result', { reception_code: waiting.receptionCode, international_code: owner.internationalCode }],
        ['(b) wrong reception code, right national code', { reception_code: `${waiting.receptionCode}9`, international_code: waiting.internationalCode }],
        ['(c) a result linked to another account at filing', { reception_code: linkedReception, international_code: owner.internationalCode }],
        ['(c) a result another account claimed', { reception_code: claimedByOther.receptionCode, international_code: claimedByOther.internationalCode }],
        ['(d) a garbage reception code', { reception_code: 'ZZZZ', international_code: waiting.internationalCode }],
        ['(d) lower case and spaces of another’s code', { reception_code: ` ${linkedReception.toLowerCase()} `, international_code: owner.internationalCode }],
      ];
      for (const [what, body] of cases) {
        const answer = await refused(await guess(body), 404, what);
        expect(answer, what).toEqual(reference);
      }
      const malformed: Array<[string, unknown]> = [
        ['empty reception code', { reception_code: '', international_code: waiting.internationalCode }],
        ['NUL in the reception code', { reception_code: `${waiting.receptionCode}\u0000`, international_code: waiting.internationalCode }],
        ['NUL alone', { reception_code: '\u0000', international_code: waiting.internationalCode }],
        ['33 characters', { reception_code: 'A'.repeat(33), international_code: waiting.internationalCode }],
        ['markup', { reception_code: '<script>', international_code: waiting.internationalCode }],
        ['SQL', { reception_code: "1' OR '1'='1", international_code: waiting.internationalCode }],
        ['emoji', { reception_code: '💥', international_code: waiting.internationalCode }],
        ['a wildcard', { reception_code: '%', international_code: waiting.internationalCode }],
        ['a bad national code checksum', { reception_code: waiting.receptionCode, international_code: '1234567890' }],
        ['a numeric national code', { reception_code: waiting.receptionCode, international_code: Number(waiting.internationalCode) }],
        ['a 4-digit SMS code', { reception_code: waiting.receptionCode, international_code: waiting.internationalCode, code: '1234' }],
        ['a numeric SMS code', { reception_code: waiting.receptionCode, international_code: waiting.internationalCode, code: 12345 }],
        ['arrays', { reception_code: [waiting.receptionCode], international_code: [waiting.internationalCode] }],
        ['an array body', [waiting.receptionCode, waiting.internationalCode]],
        ['null', null],
        ['no fields', {}],
        ['fields under __proto__', `{"__proto__":{"reception_code":"${waiting.receptionCode}","international_code":"${waiting.internationalCode}"}}`],
        ['not JSON', '{"reception_code":'],
      ];
      for (const [what, body] of malformed) await refused(await guess(body), 422, what);
      // None of that touched the waiting result: its patient claims it (their code as typed on a phone).
      const rightful = await onFiledMobile(waiting);
      const typed = toPersianDigits(waiting.receptionCode.toLowerCase());
      const answer = await claim(rightful, { reception_code: ` ${typed} `, international_code: toPersianDigits(waiting.internationalCode) });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect((await envelope<TestResultSummary>(answer)).data).toMatchObject({ key: waiting.key, reception_code: waiting.receptionCode });
      expect((await listOf(owner)).map((r) => r.key)).toEqual([linked.key]);
      expect((await listOf(other)).map((r) => r.key)).toEqual([claimedByOther.key]);
    });

    it('refuses a 2 MB body with 413 and a duplicate key takes its last value', async () => {
      const me = await patient();
      const waiting = await waitingResult();
      const big = JSON.stringify({ reception_code: waiting.receptionCode, international_code: waiting.internationalCode, pad: 'x'.repeat(2 * 1024 * 1024) });
      expect((await claim(me, big)).status).toBe(413);
      const duplicate = `{"reception_code":"${waiting.receptionCode}","international_code":"${waiting.internationalCode}","reception_code":"NOPE-1"}`;
      await refused(await claim(me, duplicate), 404, 'duplicate reception_code, the last a wrong one');
      expect(await listOf(me)).toEqual([]);
    });

    it(`stops an account after ${ACCOUNT_FAILURES} failures in 15 minutes with 429 and Retry-After, a right claim included; other accounts go on`, async () => {
      const guesser = await patient();
      const waiting = await waitingResult();
      for (let i = 0; i < ACCOUNT_FAILURES; i++) {
        await refused(await claim(guesser, { reception_code: `GUESS-${i}`, international_code: waiting.internationalCode }), 404, `failure ${i + 1}`);
      }
      const limited = await claim(guesser, { reception_code: 'GUESS-X', international_code: waiting.internationalCode });
      await refused(limited.clone(), 429, 'the next guess');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The right reception code does not get through while the account is limited, from any address.
      await refused(await claim(guesser, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode }), 429, 'the right code while limited');
      expect(await listOf(guesser)).toEqual([]);
      // It is the account that is limited, not the result: another account (on the filed mobile) claims it.
      const rightful = await onFiledMobile(waiting);
      expect((await claim(rightful, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode })).status).toBe(200);
    });

    it(`stops an address after ${ADDRESS_FAILURES} failures in an hour across accounts; the same accounts go on from elsewhere`, async () => {
      const address = newIp();
      const waiting = await waitingResult();
      const guessers = await Promise.all(Array.from({ length: Math.ceil(ADDRESS_FAILURES / (ACCOUNT_FAILURES - 1)) }, () => patient()));
      let failures = 0;
      for (const guesser of guessers) {
        for (let i = 0; i < ACCOUNT_FAILURES - 1 && failures < ADDRESS_FAILURES; i++, failures++) {
          // A national code each: the national code's own bound is not what is tested here.
          await refused(await claim(guesser, { reception_code: `ADDR-${failures}`, international_code: strangerCode() }, address), 404, `failure ${failures + 1}`);
        }
      }
      const fresh = await onFiledMobile(waiting);
      const limited = await claim(fresh, { reception_code: 'ADDR-X', international_code: strangerCode() }, address);
      const body = await refused(limited.clone(), 429, 'a fresh account from the address');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
      await refused(await claim(fresh, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode }, address), 429, 'the right code from the address');
      expect(body.message).toContain('شبکه');
      // From another address the same fresh account claims it.
      expect((await claim(fresh, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode }, newIp())).status).toBe(200);
    });

    it(`holds the account limit when 30 wrong claims of one account arrive at once: at most ${ACCOUNT_FAILURES} are judged, the rest 429`, async () => {
      const guesser = await patient();
      const waiting = await waitingResult();
      const statuses = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => (await claim(guesser, { reception_code: `BURST-${i}`, international_code: waiting.internationalCode })).status),
      );
      expect(
        statuses.filter((s) => s !== 404 && s !== 429),
        tally(statuses),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 404).length, `failed claims judged at once: ${tally(statuses)}`).toBeLessThanOrEqual(ACCOUNT_FAILURES);
      await refused(await claim(guesser, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode }), 429, 'the right code after the burst');
    });

    it(`holds the address limit when 40 wrong claims of 8 accounts from one address arrive at once: at most ${ADDRESS_FAILURES} are judged`, async () => {
      const address = newIp();
      const waiting = await waitingResult();
      const guessers = await Promise.all(Array.from({ length: 8 }, () => patient()));
      const statuses = await Promise.all(
        guessers.flatMap((guesser, g) =>
          Array.from({ length: 5 }, async (_, i) => (await claim(guesser, { reception_code: `SWARM-${g}-${i}`, international_code: waiting.internationalCode }, address)).status),
        ),
      );
      expect(
        statuses.filter((s) => s !== 404 && s !== 429),
        tally(statuses),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 404).length, `failed claims judged at once: ${tally(statuses)}`).toBeLessThanOrEqual(ADDRESS_FAILURES);
    });

    it('gives a result to exactly one of 20 accounts claiming it at once (10 on the filed mobile, 10 strangers); the others see nothing', async () => {
      const waiting = await waitingResult();
      const relatives = await family(waiting.phone, 10);
      const strangers = await Promise.all(Array.from({ length: 10 }, () => patient()));
      const claimers = [...relatives, ...strangers];
      const answers = await Promise.all(claimers.map((claimer) => claim(claimer, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode })));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200).length, tally(statuses)).toBe(1);
      // A relative gets the result; once it is theirs, the others get the 404 (or, past the national
      // code's 10 failures a day, 429); a stranger at most a code sent to the filed mobile (202).
      expect(statuses.indexOf(200), tally(statuses)).toBeLessThan(10);
      expect(
        statuses.slice(0, 10).filter((s) => s !== 200 && s !== 404 && s !== 429),
        tally(statuses),
      ).toEqual([]);
      expect(
        statuses.slice(10).filter((s) => s !== 202 && s !== 429 && s !== 404),
        tally(statuses),
      ).toEqual([]);
      const winner = claimers[statuses.indexOf(200)]!;
      expect((await detailOf(winner, waiting.key)).reception_code).toBe(waiting.receptionCode);
      for (const [i, claimer] of claimers.entries()) {
        if (claimer === winner) continue;
        expect((await get(`/api/test-results/${waiting.key}`, claimer.token)).status, `loser ${i}`).toBe(404);
        expect(await listOf(claimer), `loser ${i}`).toEqual([]);
        const body = await envelope(answers[i]!);
        expect(JSON.stringify(body)).not.toContain(waiting.key);
        expect(JSON.stringify(body)).not.toContain(waiting.phone);
      }
    });

    it('links a result once when one account claims it 50 times at once; every answer is 200 (or the 404), none 5xx', async () => {
      const waiting = await waitingResult();
      const me = await onFiledMobile(waiting);
      const statuses = await Promise.all(
        Array.from({ length: 50 }, async () => (await claim(me, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode })).status),
      );
      expect(
        statuses.filter((s) => s !== 200 && s !== 404),
        tally(statuses),
      ).toEqual([]);
      expect(statuses, tally(statuses)).toContain(200);
      const list = await listOf(me);
      expect(list.map((r) => r.key)).toEqual([waiting.key]);
      // Claiming one's own result again is a success, not a failure that counts against the limit.
      for (let i = 0; i < ACCOUNT_FAILURES + 1; i++) {
        expect((await claim(me, { reception_code: waiting.receptionCode, international_code: waiting.internationalCode })).status).toBe(200);
      }
    });
  });

  describe('share links', () => {
    it('answers the very same 404 to unknown, malformed, revoked and expired share tokens', async () => {
      const owner = await patient();
      const { key } = await fileFor(owner);
      const live = await shareOk(owner, key);
      const revoked = await shareOk(owner, key);
      expect(revoked.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const reference = await rawRequest('GET', `/api/public/test-results/${'A'.repeat(22)}`);
      expect(reference.status).toBe(404);
      expect(JSON.parse(reference.text)).toMatchObject({ success: false, message: expect.stringMatching(persian) });

      const revokedAnswer = await revoke(owner, key, revoked.id);
      expect(revokedAnswer.status).toBe(200);
      expect((await envelope(revokedAnswer)).data).toEqual({ id: revoked.id, revoked: true });
      // Revoking it again, or through another of the owner's results, finds no live link.
      await refused(await revoke(owner, key, revoked.id), 404, 'revoking twice');

      const odd = [
        revoked.token,
        'x',
        'A'.repeat(21),
        'A'.repeat(23),
        'A'.repeat(5000),
        `${live.token}A`,
        live.token.slice(0, 21),
        `${live.token}%00`,
        `${live.token.slice(0, 21)}%00`,
        `%00${live.token.slice(1)}`,
        `${live.token.slice(0, 20)}%2F%2F`,
        '..%2F..%2Fwallet',
        `..%2F${live.token}`,
        encodeURIComponent(`${live.token.slice(0, 21)}=`),
        encodeURIComponent(`${live.token.slice(0, 21)}+`),
        encodeURIComponent('ب'.repeat(22)),
        '%F0%9F%92%A5'.repeat(11),
        '__proto__',
        'constructor',
        `${live.token}%20`,
        live.token.toLowerCase() === live.token ? live.token.toUpperCase() : live.token.toLowerCase(),
        key,
        String(live.id),
      ];
      for (const param of odd) {
        const answer = await rawRequest('GET', `/api/public/test-results/${param}`);
        expect(answer.status, param.slice(0, 80)).toBe(404);
        expect(answer.text, param.slice(0, 80)).toBe(reference.text);
      }
      if (databaseUrl) {
        // Expiry is judged by the database's clock against expires_at: age the live link past it.
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`update test_result_shares set expires_at = now() - interval '1 second' where id = $1`, [live.id]);
        await client.end();
        const expired = await rawRequest('GET', `/api/public/test-results/${live.token}`);
        expect(expired.status, 'expired').toBe(404);
        expect(expired.text, 'expired').toBe(reference.text);
        expect((await detailOf(owner, key)).shares).toEqual([]);
      } else {
        expect((await get(`/api/public/test-results/${live.token}`)).status).toBe(200);
        expect((await detailOf(owner, key)).shares.map((s) => s.id)).toEqual([live.id]);
      }
    });

    it('does not let another account share, list or revoke someone’s links; a revoke through one’s own result finds nothing', async () => {
      const owner = await patient();
      const attacker = await patient();
      const { key } = await fileFor(owner);
      const own = await fileFor(attacker);
      const link = await shareOk(owner, key);
      const missingShare = await refused(await revoke(attacker, own.key, 999_999_999), 404, 'an unknown share id on one’s own result');
      const crossed = await refused(await revoke(attacker, own.key, link.id), 404, 'the owner’s share id on the attacker’s own result');
      expect(crossed).toEqual(missingShare);
      const unknownKey = await refused(await revoke(attacker, 'TR-ZZZZZZ', link.id), 404, 'the owner’s share id on an unknown key');
      expect(await refused(await revoke(attacker, key, link.id), 404, 'the owner’s share id on the owner’s key')).toEqual(unknownKey);
      expect(await refused(await share(attacker, key), 404, 'sharing the owner’s result')).toEqual(await refused(await share(attacker, 'TR-ZZZZZZ'), 404, 'sharing an unknown key'));
      // The link still opens, and the owner's detail lists exactly that one.
      expect((await get(`/api/public/test-results/${link.token}`)).status).toBe(200);
      expect((await detailOf(owner, key)).shares.map((s) => s.id)).toEqual([link.id]);
      expect((await detailOf(attacker, own.key)).shares).toEqual([]);
    });

    it('shows the result with the name masked: no national code, phone, account, full name or key; never cached', async () => {
      const owner = await patient({ first: 'مریم', last: 'رضایی' });
      const own = await fileFor(owner);
      const filedName = await fileFor(owner, { patient: { international_code: owner.internationalCode, phone_number: owner.phone, first_name: 'کیمیا', last_name: 'فرهادی' } });
      const secrets = (extra: string[]) => [
        owner.internationalCode,
        owner.internationalCode.slice(-4),
        toPersianDigits(owner.internationalCode),
        owner.phone,
        owner.phone.slice(1),
        toPersianDigits(owner.phone),
        owner.token,
        own.key,
        filedName.key,
        `"account`,
        `"international_code"`,
        `"shares"`,
        ...extra,
      ];
      const allowed = new Set([
        'reception_code',
        'lab',
        'collected_at',
        'reported_at',
        'status',
        'abnormal_count',
        'critical_count',
        'observation_count',
        'panel_names',
        'panels',
        'ordered_by',
        'issuer',
        'patient_masked',
        'expires_at',
      ]);
      for (const [key, masked, extra] of [
        [own.key, 'م*** ر***', [owner.first, owner.last]],
        [filedName.key, 'ک*** ف***', ['کیمیا', 'فرهادی', owner.first, owner.last]],
      ] as const) {
        const { token, id } = await shareOk(owner, key, 168);
        const answer = await get(`/api/public/test-results/${token}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toContain('no-store');
        const text = await answer.text();
        const data = (JSON.parse(text) as { data: SharedTestResult & Record<string, unknown> }).data;
        expect(
          Object.keys(data).filter((name) => !allowed.has(name)),
          key,
        ).toEqual([]);
        expect(data.patient_masked).toBe(masked);
        expect(data.observation_count).toBeGreaterThan(0);
        for (const secret of secrets([...extra, token, `"id":${id}`])) expect(text, `${key} shows ${secret}`).not.toContain(secret);
      }
    });

    it(`keeps at most ${MAX_LIVE_SHARES} live links when 24 are asked for at once; a revoke frees one`, async () => {
      const owner = await patient();
      const { key } = await fileFor(owner);
      const answers = await Promise.all(Array.from({ length: 24 }, () => share(owner, key, { hours: 72 })));
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s !== 201 && s !== 409),
        tally(statuses),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 201).length, tally(statuses)).toBe(MAX_LIVE_SHARES);
      for (const answer of answers.filter((a) => a.status === 409)) expect((await envelope(answer)).message).toMatch(persian);
      const shares = (await detailOf(owner, key)).shares;
      expect(shares.length).toBe(MAX_LIVE_SHARES);
      await refused(await share(owner, key), 409, 'the eleventh link');
      expect((await revoke(owner, key, shares[0]!.id)).status).toBe(200);
      await shareOk(owner, key);
      await refused(await share(owner, key), 409, 'the eleventh link again');
      expect((await detailOf(owner, key)).shares.length).toBe(MAX_LIVE_SHARES);
    });

    it('refuses to share a pending result, and hostile share bodies with 4xx', async () => {
      const owner = await patient();
      const pending = await fileFor(owner, { status: 'pending', panels: [], reported_at: undefined });
      expect(pending.status).toBe('pending');
      await refused(await share(owner, pending.key), 409, 'a pending result');
      expect((await detailOf(owner, pending.key)).shares).toEqual([]);

      const { key } = await fileFor(owner);
      const hostile: Array<[string, unknown]> = [
        ['hours as a string', { hours: '24' }],
        ['hours 25', { hours: 25 }],
        ['hours 0', { hours: 0 }],
        ['hours -24', { hours: -24 }],
        ['hours 1e308', '{"hours":1e308}'],
        ['hours 24.0000001', { hours: 24.0000001 }],
        ['hours true', { hours: true }],
        ['hours null', { hours: null }],
        ['hours as an array', { hours: [24] }],
        ['hours as an object', { hours: { valueOf: 24 } }],
        ['an array body', [{ hours: 24 }]],
        ['an empty array body', '[]'],
        ['a number body', '24'],
        ['a string body', '"24"'],
        ['not JSON', '{"hours":'],
        ['hours under __proto__ with a bad one', '{"__proto__":{"hours":24},"hours":"x"}'],
        ['duplicate keys, the last bad', '{"hours":24,"hours":9999}'],
        ['2 MB', JSON.stringify({ hours: 24, pad: 'x'.repeat(2 * 1024 * 1024) })],
        ['NUL in a key', '{"hours\\u0000":24}'],
      ];
      for (const [what, body] of hostile) {
        const answer = await share(owner, key, body);
        expect4xx(answer.status, `${what}: ${answer.status}`);
        if (what === '2 MB') expect(answer.status).toBe(413);
      }
      expect((await detailOf(owner, key)).shares).toEqual([]);
      // Only 24, 72 and 168 hours, and a duplicate takes the last value.
      const answer = await share(owner, key, '{"hours":9999,"hours":168}');
      expect(answer.status).toBe(201);
      const { created_at, expires_at } = (await envelope<{ created_at: string; expires_at: string }>(answer)).data!;
      expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(168 * 3600_000);
    });
  });

  describe('the hospital’s filing', () => {
    it('answers 401 without a key, 403 to a key without the test-results scope, and files nothing', async () => {
      const owner = await patient();
      const body = cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone });
      const noKey = await fetch(new URL('/api/hospital/v1/test-results', server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await refused(noKey, 401, 'no key');
      await refused(await hospitalCall(server, 'not-a-key', '/test-results', body), 401, 'a wrong key');
      await refused(await hospitalCall(server, `${LAB_KEY}x`, '/test-results', body), 401, 'a longer key');
      await refused(await hospitalCall(server, owner.token, '/test-results', body), 401, 'a patient’s token');
      await refused(await hospitalCall(server, BILLING_KEY, '/test-results', body), 403, 'the billing key');
      expect(await listOf(owner)).toEqual([]);
      expect(readOutbox(server).filter((line) => line.text.includes(body.reception_code as string))).toEqual([]);
    });

    it('replays an Idempotency-Key’s answer and sends one SMS; another body under the same key is refused', async () => {
      const owner = await patient();
      const body = cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone });
      const idempotencyKey = randomUUID();
      const first = await lab(body, { 'idempotency-key': idempotencyKey });
      const firstText = await first.text();
      expect(first.status, firstText).toBe(201);
      const again = await lab(body, { 'idempotency-key': idempotencyKey });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.text()).toBe(firstText);
      await refused(await lab({ ...body, lab: 'آزمایشگاه دیگر' }, { 'idempotency-key': idempotencyKey }), 422, 'another body under the key');
      await refused(await lab(body, { 'idempotency-key': 'bad key with spaces' }), 422, 'a malformed Idempotency-Key');
      const sms = readOutbox(server).filter((line) => line.text.includes(body.reception_code as string));
      expect(sms.map((line) => line.to)).toEqual([owner.phone]);
      expect((await detailOf(owner, JSON.parse(firstText).data.key)).lab).toBe(body.lab);
    });

    it('refuses a reception code filed for another national code (409) and a status going back (409); the result stays as it was', async () => {
      const owner = await patient();
      const intruder = await patient();
      const body = cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone });
      const { key } = await file(body);
      const before = await detailOf(owner, key);
      await refused(await lab({ ...body, patient: { international_code: intruder.internationalCode, phone_number: intruder.phone }, lab: 'جعلی' }), 409, 'another national code');
      await refused(await lab({ ...body, patient: { international_code: strangerCode(), phone_number: owner.phone } }), 409, 'another national code, the owner’s phone');
      await refused(await lab({ ...body, status: 'partial' }), 409, 'final → partial');
      await refused(await lab({ ...body, status: 'pending', panels: [] }), 409, 'final → pending');
      expect(await listOf(intruder)).toEqual([]);
      expect(await detailOf(owner, key)).toEqual(before);

      const partial = cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone }, { status: 'partial' });
      const filed = await file(partial);
      await refused(await lab({ ...partial, status: 'pending', panels: [] }), 409, 'partial → pending');
      expect(await file({ ...partial, status: 'final' })).toEqual({ ...filed, status: 'final', created: false });
      // The same final again changes nothing and tells nobody.
      expect(await file({ ...partial, status: 'final' })).toEqual({ ...filed, status: 'final', created: false, changed: false, notified: false });
    });

    it('refuses absurd values, too many panels or observations, hostile and huge bodies with 4xx, and keeps answering', async () => {
      const owner = await patient();
      const base = () => cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone });
      const withValue = (observation: Record<string, unknown>) => ({
        ...base(),
        panels: [{ name: 'بیوشیمی', observations: [{ code: '2345-7', name: 'Glucose', unit: 'mg/dL', ...observation }] }],
      });
      const observations = (n: number) => Array.from({ length: n }, (_, i) => ({ code: `LAB-${i}`, name: `Test ${i}`, value: i }));
      const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
      const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
      const cases: Array<[string, unknown, number?]> = [
        ['value 1e308', withValue({ value: 1e308 })],
        ['value -1e308', withValue({ value: -1e308 })],
        ['value 1e308 written out', JSON.stringify(withValue({ value: 0 })).replace('"value":0', '"value":1e308')],
        ['value 1e400 (Infinity once parsed)', JSON.stringify(withValue({ value: 0 })).replace('"value":0', '"value":1e400')],
        ['NaN (not JSON)', JSON.stringify(withValue({ value: 0 })).replace('"value":0', '"value":NaN')],
        ['reference_low 1e308', withValue({ value: 90, reference_low: 1e308 })],
        ['reference_high -1e308', withValue({ value: 90, reference_high: -1e308 })],
        ['low above high', withValue({ value: 90, reference_low: 200, reference_high: 70 })],
        ['value as an object', withValue({ value: { $gt: 0 } })],
        ['value as an array', withValue({ value: [90] })],
        ['value null', withValue({ value: null })],
        ['an unknown flag', withValue({ value: 90, flag: '__proto__' })],
        ['reference_low as a string', withValue({ value: 90, reference_low: '70' })],
        [`${101} observations in a panel`, { ...base(), panels: [{ name: 'بزرگ', observations: observations(101) }] }],
        [`${21} panels`, { ...base(), panels: Array.from({ length: 21 }, (_, i) => ({ name: `بخش ${i}`, observations: observations(1) })) }],
        ['the same code twice in a panel', { ...base(), panels: [{ name: 'دوتایی', observations: [...observations(1), ...observations(1)] }] }],
        [
          'the same panel twice',
          {
            ...base(),
            panels: [
              { name: 'یک', observations: observations(1) },
              { name: 'یک', observations: observations(1) },
            ],
          },
        ],
        ['final without panels', { ...base(), panels: [] }],
        ['status as a boolean', { ...base(), status: true }],
        ['an unknown status', { ...base(), status: 'amended' }],
        ['NUL in the reception code', { ...base(), reception_code: 'AB\u0000CD' }],
        ['NUL in a name', withValue({ value: 90, name: 'Glu\u0000cose' })],
        ['reported before collected', { ...base(), reported_at: '2020-01-01T00:00:00.000Z' }],
        ['a time without Z', { ...base(), collected_at: '2026-11-20T05:30:00+03:30' }],
        ['a bad phone', { ...base(), patient: { international_code: owner.internationalCode, phone_number: '+1 555 0100' } }],
        ['the patient under __proto__', JSON.stringify(base()).replace('"patient":', '"__proto__":')],
        ['an array body', [base()]],
        ['null', 'null'],
        ['a number', '1'],
        ['not JSON', '{"patient":'],
        ['10,000 nested arrays', deep(10_000)],
        ['10,000 nested arrays as the patient', `{"patient":${deep(10_000)}}`],
        ['10,000 nested objects', deepObject(10_000)],
        ['10,000 nested arrays in a FHIR-looking body', `{"resourceType":"Bundle","type":"collection","entry":${deep(10_000)}}`],
        ['100,000 nested arrays in a panel', JSON.stringify(base()).replace('"panels":[', `"panels":[${deep(100_000)},`)],
        ['2 MB', JSON.stringify({ ...base(), pad: 'x'.repeat(2 * 1024 * 1024) }), 413],
        [
          '1 MB of observations',
          JSON.stringify({ ...base(), panels: [{ name: 'بزرگ', observations: Array.from({ length: 20_000 }, (_, i) => ({ code: `C${i}`, name: 'x'.repeat(40), value: i })) }] }),
          413,
        ],
      ];
      for (const [what, body, status] of cases) {
        const answer = await lab(body);
        const text = await answer.text();
        if (status) expect(answer.status, `${what}: ${text.slice(0, 200)}`).toBe(status);
        else expect4xx(answer.status, `${what}: ${answer.status} ${text.slice(0, 200)}`);
        if (answer.status === 422) expect(JSON.parse(text), what).toMatchObject({ success: false, message: expect.stringMatching(persian) });
      }
      expect(await listOf(owner)).toEqual([]);
      // A FHIR Bundle is someone else's work; here only: it is not a crash.
      expect4xx((await lab({ resourceType: 'Bundle', type: 'collection', entry: [] }, { 'content-type': 'application/fhir+json' })).status, 'an empty FHIR bundle');
      // The server is still there and files a sane body; a duplicate key takes its last value.
      const sane = base();
      const text = JSON.stringify(sane).replace('"status":"final"', '"status":"pending","status":"final"');
      const answer = await lab(text);
      expect(answer.status).toBe(201);
      expect((await envelope<{ status: string }>(answer)).data!.status).toBe('final');
    });

    it('does not link a result filed under an account’s national code with another mobile until that account claims it', async () => {
      const account = await patient();
      const otherPhone = newPhone();
      const body = cbcFiling({ international_code: account.internationalCode, phone_number: otherPhone });
      const filed = await file(body);
      expect(filed).toMatchObject({ linked: false, created: true });
      expect(await listOf(account)).toEqual([]);
      expect((await get(`/api/test-results/${filed.key}`, account.token)).status).toBe(404);
      const sms = readOutbox(server).filter((line) => line.text.includes(body.reception_code as string));
      expect(sms.map((line) => line.to)).toEqual([otherPhone]);
      // Filing it again does not link it either.
      expect(await file({ ...body, status: 'final' })).toMatchObject({ key: filed.key, linked: false, created: false });
      expect(await listOf(account)).toEqual([]);
      // The same for an account registered after the filing with that national code and another mobile.
      const laterCode = strangerCode();
      const later = cbcFiling({ international_code: laterCode, phone_number: newPhone() });
      const laterFiled = await file(later);
      const newcomer = await patient(undefined, laterCode);
      expect(await listOf(newcomer)).toEqual([]);
      expect((await get(`/api/test-results/${laterFiled.key}`, newcomer.token)).status).toBe(404);

      // The account's phone is not the filed mobile: the claim needs the code sent there.
      const pair = { reception_code: body.reception_code, international_code: account.internationalCode };
      const asked = await claim(account, pair);
      expect(asked.status).toBe(202);
      expect((await envelope(asked)).data).toEqual({ needs_code: true, sent_to: `${otherPhone.slice(0, 4)}***${otherPhone.slice(-4)}` });
      expect(await listOf(account)).toEqual([]);
      const code = /: (\d{5})\n/.exec(readOutbox(server).findLast((line) => line.to === otherPhone)!.text)![1];
      const claimed = await claim(account, { ...pair, code });
      expect(claimed.status).toBe(200);
      expect((await listOf(account)).map((r) => r.key)).toEqual([filed.key]);
      expect((await detailOf(account, filed.key)).patient).toEqual({ first_name: account.first, last_name: account.last });
    });

    it('makes exactly one result of 50 filings of one new reception code at once: one 201, the rest 200, one key, no 5xx', async () => {
      const owner = await patient();
      const body = cbcFiling({ international_code: owner.internationalCode, phone_number: owner.phone }, { reception_code: newReceptionCode() });
      const answers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const answer = await lab(body, { 'idempotency-key': randomUUID() });
          return { status: answer.status, text: await answer.text() };
        }),
      );
      const statuses = answers.map((a) => a.status);
      const failures = answers.filter((a) => a.status !== 200 && a.status !== 201);
      // On failure, say why in the server's words (its log names the constraint, never the values).
      const logged = [
        ...new Set(
          server
            .output()
            .split('\n')
            .filter((line) => /caused by|constraint=/.test(line)),
        ),
      ]
        .slice(0, 3)
        .join('\n');
      expect(failures.slice(0, 3), `statuses ${tally(statuses)}; server log:\n${logged}`).toEqual([]);
      expect(statuses.filter((s) => s === 201).length, tally(statuses)).toBe(1);
      const keys = new Set(answers.map((a) => (JSON.parse(a.text) as Envelope<{ key: string }>).data?.key));
      expect([...keys]).toHaveLength(1);
      const list = await listOf(owner);
      expect(list.map((r) => r.key)).toEqual([...keys]);
      expect(list[0]!.observation_count).toBe(4);
    });
  });
});
