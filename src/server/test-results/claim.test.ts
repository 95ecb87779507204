import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect, it, vi } from 'vitest';
import { type ClaimTestResultBody } from '#lib/api/contracts/test-results.ts';
import { FileTestResultSchema, type FileTestResultBody } from '#lib/api/contracts/test-results-filing.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { insertAccount, type Account } from '../accounts/repository.ts';
import { otpPolicy } from '../auth/policy.ts';
import type { Db } from '../db/client.ts';
import { testResultClaimCodes, testResultClaimFailures } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { SmsProvider } from '../sms/provider.ts';
import { CLAIM_LIMITS, claimTestResult, detachTestResult, pruneClaims, releaseTestResultClaims, type ClaimOutcome } from './claim.ts';
import { testResultMessages as M } from './messages.ts';
import { findResultByKey } from './repository.ts';
import { fileTestResult, getTestResult, listTestResults, shareTestResult, sharedTestResult, type ResultContext } from './service.ts';

const sms = vi.hoisted(() => [] as Array<{ to: string; text: string }>);
vi.mock('../sms/notify.ts', () => ({ notify: async (_db: unknown, { to, text }: { to: string; text: string }) => void sms.push({ to, text }) }));
/** The claim codes go through the provider the endpoint passes; here it writes where `notify` does. */
const provider: SmsProvider = {
  name: 'console',
  sendOtp: async () => {},
  sendText: async ({ to, text }) => void sms.push({ to, text }),
};

const NOW = new Date('2026-11-20T08:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const context: ResultContext = { knowledge: { lookup: () => undefined }, doctorExists: () => false };
const PAGE = { page: 1, per_page: 20 };

let serial = 0;
const unique = () => 100_000 + (Date.now() % 100_000) * 10 + (++serial % 10) + serial * 1_000_000;
const newMobile = () => `0936${String(unique()).slice(-7).padStart(7, '0')}`;
const newNationalCode = () => nationalCode(500_000 + (unique() % 400_000));
const newIp = () => `10.9.${serial % 250}.${++serial % 250}`;

function filing(patient: { international_code: string; phone_number: string }): FileTestResultBody {
  return v.parse(FileTestResultSchema, {
    patient,
    reception_code: `C${Date.now() % 1e7}-${++serial}`,
    lab: 'آزمایشگاه بیمارستان',
    collected_at: '2026-11-19T05:30:00Z',
    status: 'final',
    panels: [{ name: 'CBC', observations: [{ code: '718-7', name: 'Hemoglobin', value: 10.9, unit: 'g/dL', reference_low: 12, reference_high: 16 }] }],
  });
}

/** A result filed under a national code and mobile no account has: it waits to be claimed. */
async function waiting(db: Db) {
  const pair = { international_code: newNationalCode(), phone_number: newMobile() };
  const body = filing(pair);
  const filed = await fileTestResult(db, context, body, { filedBy: 'lab', format: 'json', siteUrl: 'https://portal.example.ir', now: NOW });
  expect(filed.linked).toBe(false);
  const right: ClaimTestResultBody = { reception_code: body.reception_code, international_code: pair.international_code };
  return { key: filed.key, phone: pair.phone_number, right };
}

/** An account on `phone` (as login verified it), e.g. the patient or a relative on the filed mobile. */
const accountOn = (db: Db, phoneNumber: string): Promise<Account> =>
  insertAccount(db, { phoneNumber, firstName: 'نرگس', lastName: 'کریمی', internationalCode: newNationalCode(), gender: 'female' });

const claim = (db: Db, accountId: number, body: ClaimTestResultBody, when: Date, ip = newIp()) => claimTestResult(db, provider, { accountId, body, ip, now: when });
const refusedClaim = (db: Db, accountId: number, body: ClaimTestResultBody, when: Date, ip = newIp()) => rejection(claim(db, accountId, body, when, ip), AppError);
const claimedKey = (outcome: ClaimOutcome) => ('claimed' in outcome ? outcome.claimed.key : undefined);
const smsTo = (phone: string) => sms.filter((message) => message.to === phone).map((message) => message.text);
/** The code in the last claim-code SMS to `phone`. */
function codeSentTo(phone: string): string {
  const text = smsTo(phone).findLast((message) => message.startsWith('کد افزودن جواب'));
  const code = text?.match(/: (\d{5})\n/)?.[1];
  if (!code) throw new Error(`no claim code was sent to ${phone}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

describeEachDatabase('claiming a test result', (database) => {
  it('lets an account on the filed mobile claim at once; any other gets 202, the code goes by SMS to the filed mobile only, and completes the claim', async () => {
    const { db } = database();
    const result = await waiting(db);
    const owner = await accountOn(db, result.phone);
    expect(claimedKey(await claim(db, owner.id, result.right, at(1)))).toBe(result.key);
    expect((await findResultByKey(db, result.key))!.accountId).toBe(owner.id);
    expect(smsTo(result.phone).filter((text) => text.startsWith('کد افزودن جواب'))).toEqual([]);
    // Again: a success that changes nothing.
    expect(claimedKey(await claim(db, owner.id, result.right, at(2)))).toBe(result.key);

    const other = await waiting(db);
    const stranger = await newPatient(db);
    const asked = await claim(db, stranger.id, other.right, at(1));
    expect(asked).toEqual({ needsCode: true, sentTo: `${other.phone.slice(0, 4)}***${other.phone.slice(-4)}` });
    expect((await findResultByKey(db, other.key))!.accountId).toBeNull();
    expect(smsTo(stranger.phoneNumber)).toEqual([]);
    const text = smsTo(other.phone).at(-1)!;
    expect(text).toContain(other.right.reception_code);
    expect(text).toContain('به هیچ‌کس ندهید');
    expect(text).toContain('نادیده بگیرید');
    const code = codeSentTo(other.phone);

    // A wrong code: 422 under `code`, a failure of the result.
    const wrong = await refusedClaim(db, stranger.id, { ...other.right, code: otherCode(code) }, at(1.5));
    expect([wrong.code, wrong.message, wrong.errors]).toEqual(['invalid_input', M.claimCodeWrong, { code: [M.claimCodeWrong] }]);
    expect((await findResultByKey(db, other.key))!.claimFailures).toBe(1);
    // The code that went to the filed mobile completes it.
    expect(claimedKey(await claim(db, stranger.id, { ...other.right, code }, at(1.6)))).toBe(other.key);
    expect((await listTestResults(db, stranger.id, PAGE)).items.map((item) => item.key)).toEqual([other.key]);
    // Used up: it completes nothing again (the result is the stranger's now; another account gets the 404).
    const late = await newPatient(db);
    expect((await refusedClaim(db, late.id, { ...other.right, code }, at(1.7))).message).toBe(M.claimNotFound);
  });

  it("binds a code to the account it was sent for: another account's claim with it fails and counts", async () => {
    const { db } = database();
    const result = await waiting(db);
    const [first, second] = [await newPatient(db), await newPatient(db)];
    await claim(db, first.id, result.right, at(1));
    const code = codeSentTo(result.phone);
    const borrowed = await refusedClaim(db, second.id, { ...result.right, code }, at(1.5));
    expect([borrowed.code, borrowed.message]).toEqual(['invalid_input', M.claimCodeDead]);
    expect((await findResultByKey(db, result.key))!.claimFailures).toBe(1);
    // The second account's own code is a new one; the first's still works for the first only.
    await claim(db, second.id, result.right, at(2.5));
    const secondCode = codeSentTo(result.phone);
    if (secondCode !== code) expect((await refusedClaim(db, second.id, { ...result.right, code }, at(2.6))).code).toBe('invalid_input');
    expect(claimedKey(await claim(db, first.id, { ...result.right, code }, at(2.7)))).toBe(result.key);
  });

  it('follows the login rules: a code lives 2 minutes and dies after 5 wrong tries; sends per filed mobile 1 a minute, 3 in 10 minutes, whoever asks', async () => {
    const { db } = database();
    const result = await waiting(db);
    const claimants = await Promise.all(Array.from({ length: 4 }, () => newPatient(db)));
    const [a, b, c, d] = claimants as [Account, Account, Account, Account];
    await claim(db, a.id, result.right, at(0));
    const expired = codeSentTo(result.phone);
    expect((await refusedClaim(db, a.id, { ...result.right, code: expired }, at(2.1))).message).toBe(M.claimCodeDead);
    // A second send within the minute is refused, for any account, and records nothing.
    const wait = await refusedClaim(db, b.id, result.right, at(0.5));
    expect(wait.code).toBe('rate_limited');
    expect(wait.retryAfter).toBe(30);
    await claim(db, b.id, result.right, at(3));
    await claim(db, c.id, result.right, at(4.5));
    // The third send in 10 minutes was the last: the fourth waits until the first leaves the window.
    const third = await refusedClaim(db, d.id, result.right, at(6));
    expect(third.code).toBe('rate_limited');
    expect(third.retryAfter).toBe(4 * 60);
    expect(smsTo(result.phone).filter((text) => text.startsWith('کد افزودن جواب'))).toHaveLength(3);

    // Five wrong tries kill c's code (the fifth says so); the right one is refused afterwards.
    const code = codeSentTo(result.phone);
    for (let i = 1; i <= otpPolicy.maxWrongTries; i++) {
      const wrong = await refusedClaim(db, c.id, { ...result.right, code: otherCode(String(Number(code) + i)) }, at(5));
      expect(wrong.errors, `try ${i}`).toEqual({ code: i === otpPolicy.maxWrongTries ? [M.claimCodeWrong, M.claimCodeDead] : [M.claimCodeWrong] });
    }
    // c is also past its account limit now (5 failures in 15 minutes).
    expect((await refusedClaim(db, c.id, { ...result.right, code }, at(5))).code).toBe('rate_limited');
    expect((await refusedClaim(db, c.id, { ...result.right, code }, at(20.5))).message).toBe(M.claimCodeDead);
    expect((await findResultByKey(db, result.key))!.accountId).toBeNull();
  });

  it(`allows ${CLAIM_LIMITS.nationalCode.max} failures a day per national code, across accounts and addresses and when 30 arrive at once; the filed mobile's account still claims`, async () => {
    const { db } = database();
    const result = await waiting(db);
    const guessers = await Promise.all(Array.from({ length: 30 }, () => newPatient(db)));
    const outcomes = await Promise.all(
      guessers.map((guesser, i) => refusedClaim(db, guesser.id, { reception_code: `GUESS-${i}`, international_code: result.right.international_code }, at(1))),
    );
    const codes = outcomes.map((error) => error.code);
    expect(codes.filter((code) => code === 'not_found')).toHaveLength(CLAIM_LIMITS.nationalCode.max);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(30 - CLAIM_LIMITS.nationalCode.max);
    // A stranger with the right pair now gets the 429 too: no code is sent.
    const stranger = await newPatient(db);
    const refused = await refusedClaim(db, stranger.id, result.right, at(2));
    expect([refused.code, refused.message.includes('کد ملی')]).toEqual(['rate_limited', true]);
    expect(smsTo(result.phone).filter((text) => text.startsWith('کد افزودن جواب'))).toEqual([]);
    // Other national codes are not affected; the day after, this one is free again.
    expect((await refusedClaim(db, stranger.id, { reception_code: 'GUESS-X', international_code: newNationalCode() }, at(2))).code).toBe('not_found');
    expect(await claim(db, stranger.id, result.right, at(24 * 60 + 2))).toMatchObject({ needsCode: true });
    const owner = await accountOn(db, result.phone);
    expect(claimedKey(await claim(db, owner.id, result.right, at(3)))).toBe(result.key);
  });

  it(`locks a result for claims at ${CLAIM_LIMITS.resultLockAt} failures (30 at once counted exactly): no code completes, none is sent; the filed mobile's account still claims; the hospital releases it`, async () => {
    const { db } = database();
    const result = await waiting(db);
    const early = await newPatient(db);
    await claim(db, early.id, result.right, at(0));
    const code = codeSentTo(result.phone);
    const guessers = await Promise.all(Array.from({ length: 30 }, () => newPatient(db)));
    const outcomes = await Promise.all(
      guessers.map((guesser) => refusedClaim(db, guesser.id, { reception_code: result.right.reception_code, international_code: newNationalCode() }, at(1))),
    );
    expect(outcomes.every((error) => error.message === M.claimNotFound)).toBe(true);
    const locked = (await findResultByKey(db, result.key))!;
    expect(locked.claimFailures).toBe(30);
    expect(locked.claimsLockedAt).toEqual(at(1));
    // The right code, in time, from the account it was sent for: the lock wins.
    const refused = await refusedClaim(db, early.id, { ...result.right, code }, at(1.5));
    expect([refused.code, refused.message]).toEqual(['conflict', M.claimLocked]);
    expect((await refusedClaim(db, early.id, result.right, at(5))).code).toBe('conflict');
    expect(smsTo(result.phone).filter((text) => text.startsWith('کد افزودن جواب'))).toHaveLength(1);

    // Released: the count starts again and the code path opens.
    expect(await releaseTestResultClaims(db, { key: result.key, now: at(6) })).toMatchObject({ key: result.key, claims_locked: false, claim_failures: 0, linked: false });
    expect(await claim(db, early.id, result.right, at(7))).toMatchObject({ needsCode: true });
    // Locked again, the filed mobile's own account claims it all the same.
    for (let i = 0; i < CLAIM_LIMITS.resultLockAt; i++) {
      await refusedClaim(db, guessers[i]!.id, { reception_code: result.right.reception_code, international_code: newNationalCode() }, at(30));
    }
    expect((await findResultByKey(db, result.key))!.claimsLockedAt).toEqual(at(30));
    const owner = await accountOn(db, result.phone);
    expect(claimedKey(await claim(db, owner.id, result.right, at(31)))).toBe(result.key);
    expect((await rejection(releaseTestResultClaims(db, { key: 'TR-ZZZZZZ', now: at(32) }), AppError)).code).toBe('not_found');
  });

  it('answers every mismatch with the same 404, counted per account (5 per 15 minutes) and per address (20 per hour)', async () => {
    const { db } = database();
    const result = await waiting(db);
    const claimer = await newPatient(db);
    const ip = newIp();
    const wrongNational = await refusedClaim(db, claimer.id, { ...result.right, international_code: newNationalCode() }, at(1), ip);
    const wrongReception = await refusedClaim(db, claimer.id, { ...result.right, reception_code: 'NO-SUCH-1' }, at(1), ip);
    expect([wrongNational.code, wrongNational.message]).toEqual(['not_found', M.claimNotFound]);
    expect([wrongReception.code, wrongReception.message]).toEqual(['not_found', M.claimNotFound]);
    for (let i = 0; i < CLAIM_LIMITS.account.max - 2; i++) await refusedClaim(db, claimer.id, { reception_code: `NO-${i}`, international_code: newNationalCode() }, at(2), ip);
    const limited = await refusedClaim(db, claimer.id, result.right, at(3), newIp());
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(await claim(db, claimer.id, result.right, at(20))).toMatchObject({ needsCode: true });

    const address = newIp();
    for (let i = 0; i < CLAIM_LIMITS.address.max; i++) {
      const someone = await newPatient(db);
      await refusedClaim(db, someone.id, { reception_code: `NOPE-${i}`, international_code: newNationalCode() }, at(30), address);
    }
    const fresh = await newPatient(db);
    expect((await refusedClaim(db, fresh.id, { reception_code: 'NOPE-X', international_code: newNationalCode() }, at(31), address)).code).toBe('rate_limited');
    expect((await refusedClaim(db, fresh.id, { reception_code: 'NOPE-X', international_code: newNationalCode() }, at(31), newIp())).code).toBe('not_found');
  });

  it('gives a result to exactly one of 10 accounts of the filed mobile claiming it at once', async () => {
    const { db } = database();
    const result = await waiting(db);
    const family = await Promise.all(Array.from({ length: 10 }, () => accountOn(db, result.phone)));
    const outcomes = await Promise.allSettled(family.map((member) => claim(db, member.id, result.right, at(1))));
    const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [family[i]!.id] : []));
    expect(winners).toHaveLength(1);
    expect((await findResultByKey(db, result.key))!.accountId).toBe(winners[0]);
  });

  it('lets the hospital detach a claimed result: the account loses it and its share links and is told by SMS; it can be claimed again', async () => {
    const { db } = database();
    const result = await waiting(db);
    const taker = await newPatient(db);
    await claim(db, taker.id, result.right, at(0));
    await claim(db, taker.id, { ...result.right, code: codeSentTo(result.phone) }, at(0.5));
    const link = await shareTestResult(db, { accountId: taker.id, key: result.key, hours: 24, now: at(1) });

    const state = await detachTestResult(db, { key: result.key, body: { reason: 'جواب به اشتباه به این حساب رفت' }, now: at(2) });
    expect(state).toEqual({ key: result.key, reception_code: result.right.reception_code, linked: false, claims_locked: false, claim_failures: 0 });
    const row = (await findResultByKey(db, result.key))!;
    expect([row.accountId, row.claimedAt, row.detachedAt, row.detachReason]).toEqual([null, null, at(2), 'جواب به اشتباه به این حساب رفت']);
    expect((await rejection(getTestResult(db, context, { accountId: taker.id, key: result.key, now: at(3) }), AppError)).code).toBe('not_found');
    expect((await listTestResults(db, taker.id, PAGE)).total).toBe(0);
    expect((await rejection(sharedTestResult(db, context, link.token, at(3)), AppError)).code).toBe('not_found');
    const told = smsTo(taker.phoneNumber).at(-1)!;
    expect(told).toContain(result.right.reception_code);
    expect(told).toContain('برداشته شد');
    // Nothing to detach now (409), an unknown key 404; the rightful owner claims it.
    expect((await rejection(detachTestResult(db, { key: result.key, body: { reason: 'دوباره' }, now: at(3) }), AppError)).code).toBe('conflict');
    expect((await rejection(detachTestResult(db, { key: 'TR-ZZZZZZ', body: { reason: 'نیست' }, now: at(3) }), AppError)).code).toBe('not_found');
    const owner = await accountOn(db, result.phone);
    expect(claimedKey(await claim(db, owner.id, result.right, at(4)))).toBe(result.key);
  });

  it('forgets claim failures and codes once they are two days old, never sooner', async () => {
    const { db } = database();
    const result = await waiting(db);
    const { id: resultId } = (await findResultByKey(db, result.key))!;
    const stranger = await newPatient(db);
    await claim(db, stranger.id, result.right, at(1));
    await refusedClaim(db, stranger.id, { ...result.right, international_code: newNationalCode() }, at(2));
    const kept = async () => [
      (await db.select().from(testResultClaimFailures).where(eq(testResultClaimFailures.accountId, stranger.id))).length,
      (await db.select().from(testResultClaimCodes).where(eq(testResultClaimCodes.resultId, resultId))).length,
    ];
    expect(await kept()).toEqual([1, 1]);
    await pruneClaims(db, at(24 * 60));
    expect(await kept()).toEqual([1, 1]);
    await pruneClaims(db, at(3 * 24 * 60));
    expect(await kept()).toEqual([0, 0]);
  });
});
