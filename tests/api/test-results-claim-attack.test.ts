/**
 * A stranger taking someone else's lab result by claim, end to end over HTTP. The result waits
 * because no account with its national code has the mobile the lab filed; the stranger knows the
 * national code (printed on many documents) and the reception code (labs number receipts in
 * sequence), and holds three accounts on one phone behind one address. A claim must prove control
 * of the filed mobile: the stranger gets 202 and a code goes to that mobile, never to them; wrong
 * codes and guesses are counted per account, address, national code and result. The rightful
 * owner then claims it. And the hospital's way back: detach and release through the API and
 * `npm run hospital`, in the audit log.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TestResultSummary } from '../../src/lib/api/contracts/test-results.ts';
import { hospitalAudit } from '../../src/server/db/schema/hospital.ts';
import { envelope, getAs } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { hospitalCli } from '../support/hospital-cli.ts';
import { hospitalCall } from '../support/invoice-api.ts';
import { lastCode, nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import type { RunningServer } from '../support/server.ts';
import { cbcFiling, type ResultFiling } from '../support/test-results.ts';

const LAB_KEY = 'lab-claim-attack-key-0123456789abcdefghijklmnopqrstuvwxyz012345';
const BILLING_KEY = 'billing-claim-attack-key-0123456789abcdefghijklmnopqrstuvwxyz01';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** CLAIM_LIMITS of src/server/test-results/claim.ts. */
const NATIONAL_CODE_FAILURES = 10;
const RESULT_LOCK_AT = 10;

let server: RunningServer;
let databaseUrl: string | undefined;
let people = 0;

const claim = (token: string, body: unknown, ip: string) => post(server, 'test-results/claim', body, { token, ip });
const lab = (path: string, body?: unknown, key = LAB_KEY) => hospitalCall(server, key, path, body);
const cli = (args: string[]) => hospitalCli(args, { PORTAL_URL: server.url, DATA_DIR: server.dataDir });
const masked = (phone: string) => `${phone.slice(0, 4)}***${phone.slice(-4)}`;
const claimCodeSms = (phone: string) => readOutbox(server).filter((line) => line.to === phone && line.text.startsWith('کد افزودن جواب'));
const codeOf = (text: string) => /: (\d{5})\n/.exec(text)?.[1];

async function listOf(token: string): Promise<TestResultSummary[]> {
  const answer = await getAs(server, '/api/test-results?per_page=50', token, newIp());
  expect(answer.status).toBe(200);
  return (await envelope<TestResultSummary[]>(answer)).data!;
}

/** Several accounts on one phone, as a patient registers family members: one login code, a registration each. */
async function accountsOn(phone: string, ip: string, count: number): Promise<Array<{ token: string; accountId: number; internationalCode: string }>> {
  await post(server, 'auth/login/with/phone-number', { phone_number: phone }, { ip });
  const code = lastCode(server, phone);
  expect((await post(server, 'auth/check_verification_code', { phone_number: phone, code }, { ip })).status).toBe(200);
  const accounts = [];
  for (let i = 0; i < count; i++) {
    const internationalCode = nationalCode(41_000 + ++people);
    const answer = await post(
      server,
      'auth/register',
      { phone_number: phone, code, first_name: 'کامران', last_name: 'رحیمی', international_code: internationalCode, gender: 'male' },
      { ip },
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { token, user } = ((await answer.json()) as { data: { token: string; user: { id: number } } }).data;
    accounts.push({ token, accountId: user.id, internationalCode });
  }
  return accounts;
}

/** A result filed under a national code and mobile that no account has together: it waits to be claimed. */
async function waitingResult(changes: ResultFiling = {}) {
  const internationalCode = nationalCode(41_000 + ++people);
  const phone = newPhone();
  const body = cbcFiling({ international_code: internationalCode, phone_number: phone }, changes);
  const answer = await lab('/test-results', body);
  expect(answer.status).toBe(201);
  const filed = (await envelope<{ key: string; linked: boolean }>(answer)).data!;
  expect(filed.linked).toBe(false);
  return { key: filed.key, phone, right: { reception_code: String(body.reception_code), international_code: internationalCode } };
}

/** The hospital audit rows (PostgreSQL: read beside the running portal; embedded: the portal is stopped first). */
async function auditRows(): Promise<Array<{ keyName: string | null; path: string; status: number }>> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ key_name: string | null; path: string; status: number }>('select key_name, path, status from hospital_audit');
      return rows.map((row) => ({ keyName: row.key_name, path: row.path, status: row.status }));
    } finally {
      await client.end();
    }
  }
  await server.stop();
  return withDataDir(server.dataDir, (db) => db.select({ keyName: hospitalAudit.keyName, path: hospitalAudit.path, status: hospitalAudit.status }).from(hospitalAudit));
}

describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  const env = { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `lab:${sha256(LAB_KEY)}:test-results,billing:${sha256(BILLING_KEY)}:invoices`, DEMO_DATA: '0' };
  withServerOn(database, env, (running) => ({ server, databaseUrl } = running));

  it('keeps a result from a stranger with the right pair, three accounts on one phone and one address: 202, the code only to the filed mobile; the owner then claims it', async () => {
    const result = await waitingResult();
    const attackerPhone = newPhone();
    const address = newIp();
    const attackers = await accountsOn(attackerPhone, address, 3);
    const [first, second, third] = attackers as [(typeof attackers)[0], (typeof attackers)[0], (typeof attackers)[0]];

    // The right pair from the first account: a code goes to the filed mobile, nothing else happens.
    const asked = await claim(first.token, result.right, address);
    const askedBody = await envelope<{ needs_code: boolean; sent_to: string }>(asked);
    expect(asked.status, JSON.stringify(askedBody)).toBe(202);
    expect(askedBody).toEqual({ success: true, data: { needs_code: true, sent_to: masked(result.phone) } });
    expect(claimCodeSms(result.phone)).toHaveLength(1);
    const sentCode = codeOf(claimCodeSms(result.phone)[0]!.text)!;
    expect(sentCode).toMatch(/^\d{5}$/);
    // The other two accounts ask as well: the filed mobile's send limit (one a minute) answers, no second SMS.
    for (const other of [second, third]) expect((await claim(other.token, result.right, address)).status).toBe(429);
    expect(claimCodeSms(result.phone)).toHaveLength(1);

    // Guessing the code: each wrong one is a 422 under `code`; another account's guesses have no code to match.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await claim(first.token, { ...result.right, code: String((Number(sentCode) + 1 + i) % 100_000).padStart(5, '0') }, address)).status);
    for (const other of [second, third]) statuses.push((await claim(other.token, { ...result.right, code: String((Number(sentCode) + 7) % 100_000).padStart(5, '0') }, address)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    // Sequential reception codes with the national code (five failures so far): its bound stops
    // them at the eleventh try, and then the right pair too, whichever account or address asks.
    const guesses: number[] = [];
    for (let i = 0; i < NATIONAL_CODE_FAILURES - 5 + 1; i++) {
      const who = attackers[i % 3]!;
      guesses.push((await claim(who.token, { ...result.right, reception_code: `${result.right.reception_code}${i}` }, address)).status);
    }
    expect(guesses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await claim(third.token, result.right, newIp())).status).toBe(429);

    // Nothing reached the attackers: no result, no SMS with a code.
    for (const attacker of attackers) expect(await listOf(attacker.token)).toEqual([]);
    expect(readOutbox(server).filter((line) => line.to === attackerPhone && line.text.includes(sentCode))).toEqual([]);
    expect(
      readOutbox(server)
        .filter((line) => line.text.startsWith('کد افزودن جواب'))
        .map((line) => line.to),
    ).toEqual([result.phone]);

    // The rightful owner, logged in on the filed mobile, claims it at once.
    const owner = await registerPatient(server, { phone: result.phone, ip: newIp(), firstName: 'سیما', lastName: 'رضایی', internationalCode: nationalCode(41_000 + ++people) });
    const claimed = await claim(owner.token, result.right, newIp());
    expect(claimed.status, await claimed.clone().text()).toBe(200);
    expect((await envelope<TestResultSummary>(claimed)).data).toMatchObject({ key: result.key, reception_code: result.right.reception_code });
    expect((await listOf(owner.token)).map((item) => item.key)).toEqual([result.key]);
  });

  it('completes a claim from another phone with the code the filed mobile received; that code completes nothing for another account', async () => {
    const result = await waitingResult();
    const [patient] = await accountsOn(newPhone(), newIp(), 1);
    const [stranger] = await accountsOn(newPhone(), newIp(), 1);
    expect((await claim(patient!.token, result.right, newIp())).status).toBe(202);
    const code = codeOf(claimCodeSms(result.phone).at(-1)!.text)!;
    expect((await claim(stranger!.token, { ...result.right, code }, newIp())).status).toBe(422);
    const answer = await claim(patient!.token, { ...result.right, code: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) }, newIp());
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect((await listOf(patient!.token)).map((item) => item.key)).toEqual([result.key]);
    expect(await listOf(stranger!.token)).toEqual([]);
  });

  it('lets the hospital detach a claimed result (API and CLI, 404/409/403 refusals) and release a locked one; every call audited', async () => {
    // A result taken by a stranger who got hold of the code.
    const taken = await waitingResult();
    const takerPhone = newPhone();
    const [taker] = await accountsOn(takerPhone, newIp(), 1);
    expect((await claim(taker!.token, taken.right, newIp())).status).toBe(202);
    expect((await claim(taker!.token, { ...taken.right, code: codeOf(claimCodeSms(taken.phone).at(-1)!.text) }, newIp())).status).toBe(200);

    expect((await lab(`/test-results/${taken.key}/detach`, { reason: 'جواب به حساب دیگری رفته بود' }, BILLING_KEY)).status).toBe(403);
    const detached = await lab(`/test-results/${taken.key}/detach`, { reason: 'جواب به حساب دیگری رفته بود' });
    expect(detached.status).toBe(200);
    expect((await envelope(detached)).data).toEqual({ key: taken.key, reception_code: taken.right.reception_code, linked: false, claims_locked: false, claim_failures: 0 });
    expect(await listOf(taker!.token)).toEqual([]);
    expect(readOutbox(server).findLast((line) => line.to === takerPhone)?.text).toContain('برداشته شد');
    expect((await lab(`/test-results/${taken.key}/detach`, { reason: 'دوباره' })).status).toBe(409);
    expect((await lab('/test-results/TR-ZZZZZZ/detach', { reason: 'نیست' })).status).toBe(404);
    expect((await lab(`/test-results/${taken.key}/detach`, {})).status).toBe(422);
    // It waits again: its owner on the filed mobile claims it.
    const owner = await registerPatient(server, { phone: taken.phone, ip: newIp(), firstName: 'سیما', lastName: 'رضایی', internationalCode: nationalCode(41_000 + ++people) });
    expect((await claim(owner.token, taken.right, newIp())).status).toBe(200);

    // The CLI, through the portal: detach the owner's again.
    const viaCli = await cli(['detach-result', taken.key.toLowerCase(), '--reason', 'آزمایش دوباره ثبت می‌شود']);
    expect([viaCli.code, viaCli.stderr]).toEqual([0, '']);
    expect(viaCli.stdout).toContain('به حسابی وصل نیست');
    expect(await listOf(owner.token)).toEqual([]);

    // A result locked by failed claims (its reception code with wrong national codes) takes no code until released.
    const locked = await waitingResult();
    const guessers = await accountsOn(newPhone(), newIp(), 2);
    for (let i = 0; i < RESULT_LOCK_AT; i++) {
      const answer = await claim(guessers[i % 2]!.token, { ...locked.right, international_code: nationalCode(42_000 + i) }, newIp());
      expect(answer.status).toBe(404);
    }
    const [late] = await accountsOn(newPhone(), newIp(), 1);
    expect((await claim(late!.token, locked.right, newIp())).status).toBe(409);
    const released = await cli(['release-result', locked.key]);
    expect([released.code, released.stderr]).toEqual([0, '']);
    expect(released.stdout).toContain('قفل نیست');
    expect((await claim(late!.token, locked.right, newIp())).status).toBe(202);
    expect((await lab('/test-results/TR-ZZZZZZ/release', {})).status).toBe(404);

    const rows = await auditRows();
    const of = (path: string) => rows.filter((row) => row.path === `/api/hospital/v1/test-results/${path}`).map((row) => [row.keyName, row.status]);
    expect(of(`${taken.key}/detach`)).toEqual(
      expect.arrayContaining([
        ['billing', 403],
        ['lab', 200],
        ['lab', 409],
        ['lab', 422],
        ['cli', 200],
      ]),
    );
    expect(of(`${locked.key}/release`)).toEqual([['cli', 200]]);
    expect(of('TR-ZZZZZZ/release')).toEqual([['lab', 404]]);
  });
});
