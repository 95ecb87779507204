/**
 * Claiming a result that waits (`account_id` null) because no account with its national code has
 * the mobile the lab filed it with, and the hospital's way back (detach, release).
 *
 * The national code is printed on many documents and labs number receptions in sequence, so the
 * pair proves nothing. What proves the claimant is the patient is control of the filed mobile: an
 * account whose own (verified at login) phone is that mobile claims at once; any other account
 * gets a code by SMS on that mobile and completes the claim with it. Failures are counted per
 * account, per address, per national code and per result; a result with too many failures takes
 * claims only from an account on its filed mobile until the hospital releases it.
 */
import { createHmac } from 'node:crypto';
import type { DetachTestResultBody, ResultClaimState } from '#lib/api/contracts/test-result-claims.ts';
import type { ClaimTestResultBody, TestResultSummary } from '#lib/api/contracts/test-results.ts';
import { findAccount } from '../accounts/repository.ts';
import { ago, rateLimited, transactionThenRefuse, windowOpensAt } from '../auth/limits.ts';
import { otpPolicy } from '../auth/policy.ts';
import { newOtpCode, sameHash } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { advisoryLock } from '../db/locks.ts';
import { AppError } from '../errors.ts';
import { allowanceOpensAt, lockSubject, recordEvent, refusal, takeAllowance, type LimitSubject } from '../limits/service.ts';
import { logError } from '../log.ts';
import { appSecret } from '../secret.ts';
import { notify } from '../sms/notify.ts';
import type { SmsProvider } from '../sms/provider.ts';
import { testResultMessages as M, testResultSms } from './messages.ts';
import {
  consumeClaimCode,
  countClaimCodeWrongTry,
  countResultClaimFailure,
  insertClaimFailure,
  latestClaimCode,
  lockResultByKey,
  lockResultByReception,
  pruneClaimRecords,
  recentClaimFailures,
  replaceClaimCode,
  revokeSharesOf,
  updateResult,
  type TestResultRow,
} from './repository.ts';
import { checkedResultKey, summariesOf } from './service.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Failed claims allowed (DESIGN.md: limits that protect data live in the database). SECURITY.md
 * explains the numbers; change both together.
 */
export const CLAIM_LIMITS = {
  account: { max: 5, ms: 15 * 60 * 1000 },
  address: { max: 20, ms: HOUR },
  /** Failures naming one national code, whoever makes them: what a stranger may learn of one person in a day. */
  nationalCode: { max: 10, ms: 24 * HOUR },
  /** Failures that reach one result (no window): then it takes claims only from its filed mobile until released. */
  resultLockAt: 10,
} as const;

/** The limit buckets of src/server/limits (table limit_events). */
export const CLAIM_BUCKETS = {
  nationalCode: 'claim-fail-national-code',
  /** Codes sent to one filed mobile, all claimants together: the login rules' sends per phone. */
  codePhone: 'claim-code-phone',
  /** Codes sent for one address: the login rules' sends per address. */
  codeAddress: 'claim-code-address',
} as const;

/** `0912***4567`: enough for the patient to recognise the mobile, not enough to call it. */
export const maskedMobile = (phoneNumber: string) => `${phoneNumber.slice(0, 4)}***${phoneNumber.slice(-4)}`;

/**
 * What is stored instead of a claim code: an HMAC under APP_SECRET bound to the result and the
 * claiming account, so a code sent for one account's claim never completes another's.
 */
export function hashClaimCode(resultId: number, accountId: number, code: string, secret: string = appSecret()): string {
  return createHmac('sha256', secret).update(`claim:${resultId}:${accountId}:${code}`).digest('hex');
}

export interface ClaimRequest {
  accountId: number;
  body: ClaimTestResultBody;
  ip: string;
  now: Date;
}

/** The result joined the account, or a code went to the filed mobile (`sentTo` masked). */
export type ClaimOutcome = { claimed: TestResultSummary } | { needsCode: true; sentTo: string };

type Step = { row: TestResultRow } | { send: { to: string; receptionCode: string; codeId: number } };

/**
 * `POST /test-results/claim {reception_code, international_code, code?}`. Every mismatch is the
 * same 404; it, a wrong code and a dead code count against the account, the address and the
 * national code, and those that reach a waiting result against the result. A result already the
 * caller's is answered as a success again. Runs under the address's, the account's and the
 * national code's locks and the result's row lock, so parallel guesses cannot pass a bound.
 */
export async function claimTestResult(db: Db, sms: SmsProvider, { accountId, body, ip, now }: ClaimRequest): Promise<ClaimOutcome> {
  const code = newOtpCode();
  const step = await transactionThenRefuse<Step>(db, async (tx) => {
    // Address first, then account, as the login locks do; then the national code; the row last.
    await advisoryLock(tx, `claim-ip:${ip}`);
    await advisoryLock(tx, `claim-account:${accountId}`);
    const [byAccount, byAddress] = await Promise.all([
      recentClaimFailures(tx, { accountId }, ago(now, CLAIM_LIMITS.account.ms), CLAIM_LIMITS.account.max),
      recentClaimFailures(tx, { ip }, ago(now, CLAIM_LIMITS.address.ms), CLAIM_LIMITS.address.max),
    ]);
    const accountOpens = windowOpensAt(byAccount, CLAIM_LIMITS.account, now);
    if (accountOpens) return rateLimited(M.claimAccountLimit, accountOpens, now);
    const addressOpens = windowOpensAt(byAddress, CLAIM_LIMITS.address, now);
    if (addressOpens) return rateLimited(M.claimAddressLimit, addressOpens, now);

    const nationalCode: LimitSubject = { bucket: CLAIM_BUCKETS.nationalCode, subject: body.international_code };
    await lockSubject(tx, nationalCode);
    const found = await lockResultByReception(tx, body.reception_code);
    const pairRight = found !== undefined && found.internationalCode === body.international_code;
    if (pairRight && found.accountId === accountId) return { row: found };
    const account = await findAccount(tx, accountId);
    // The filed mobile's own account has proved that mobile at login: it claims at once, even a
    // result whose claims are locked and past the national code's limit (strangers cannot lock it out).
    if (pairRight && found.accountId === null && account?.phoneNumber === found.phoneNumber) {
      return { row: await updateResult(tx, found.id, { accountId, claimedAt: now }) };
    }

    const nationalOpens = await allowanceOpensAt(tx, nationalCode, [CLAIM_LIMITS.nationalCode], now);
    if (nationalOpens) return refusal(M.claimNationalCodeLimit, nationalOpens, now);
    /** Counts a failure everywhere it belongs, then answers `error` (the transaction commits). */
    const failure = async (error: AppError) => {
      await insertClaimFailure(tx, { accountId, ip, at: now });
      await recordEvent(tx, nationalCode, now);
      if (found && found.accountId === null) await countResultClaimFailure(tx, found, CLAIM_LIMITS.resultLockAt, now);
      return error;
    };
    if (!pairRight || found.accountId !== null) return failure(new AppError('not_found', M.claimNotFound));
    // The pair is right from here on (the 202 tells that much; the limits above bound who may learn it).
    if (found.claimsLockedAt) return new AppError('conflict', M.claimLocked);

    if (body.code === undefined) {
      // Thrown, not returned: a refused send records nothing (the allowance taken first is rolled back).
      const phoneOpens = await takeAllowance(tx, { bucket: CLAIM_BUCKETS.codePhone, subject: found.phoneNumber }, otpPolicy.sendsPerPhone, now);
      if (phoneOpens) throw refusal(M.claimCodeWait, phoneOpens, now);
      const addressSends = await takeAllowance(tx, { bucket: CLAIM_BUCKETS.codeAddress, subject: ip }, [otpPolicy.sendsPerAddress], now);
      if (addressSends) throw refusal(M.claimCodeWait, addressSends, now);
      const codeId = await replaceClaimCode(tx, {
        resultId: found.id,
        accountId,
        codeHash: hashClaimCode(found.id, accountId, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + otpPolicy.codeTtlMs),
      });
      return { send: { to: found.phoneNumber, receptionCode: found.receptionCode, codeId } };
    }

    const live = await latestClaimCode(tx, found.id, accountId);
    const codeError = (...messages: string[]) => new AppError('invalid_input', messages[0]!, { errors: { code: messages } });
    if (!live || live.consumedAt || live.expiresAt <= now || live.attempts >= otpPolicy.maxWrongTries) return failure(codeError(M.claimCodeDead));
    if (!sameHash(live.codeHash, hashClaimCode(found.id, accountId, body.code))) {
      const attempts = await countClaimCodeWrongTry(tx, live.id);
      return failure(attempts >= otpPolicy.maxWrongTries ? codeError(M.claimCodeWrong, M.claimCodeDead) : codeError(M.claimCodeWrong));
    }
    await consumeClaimCode(tx, live.id, now);
    return { row: await updateResult(tx, found.id, { accountId, claimedAt: now }) };
  });

  if ('send' in step) {
    const { to, receptionCode, codeId } = step.send;
    try {
      await sms.sendText({ to, text: testResultSms.claimCode(receptionCode, code) });
    } catch (error) {
      logError('Sending a claim code failed', error);
      await consumeClaimCode(db, codeId, now);
      throw new AppError('unavailable', M.claimSmsFailed);
    }
    return { needsCode: true, sentTo: maskedMobile(to) };
  }
  const [summary] = await summariesOf(db, [step.row]);
  return { claimed: summary! };
}

const claimState = (row: TestResultRow): ResultClaimState => ({
  key: row.key,
  reception_code: row.receptionCode,
  linked: row.accountId !== null,
  claims_locked: row.claimsLockedAt !== null,
  claim_failures: row.claimFailures,
});

/**
 * `POST /api/hospital/v1/test-results/{key}/detach {reason}`: the result leaves the account it went
 * to (claimed or linked at filing) and waits to be claimed again; its share links stop opening, its
 * failed-claim count and lock are cleared, and the account holder is told by SMS. 404 for an unknown
 * key, 409 for a result that belongs to no account.
 */
export async function detachTestResult(db: Db, { key, body, now }: { key: string; body: DetachTestResultBody; now: Date }): Promise<ResultClaimState> {
  checkedResultKey(key);
  const { row, phoneNumber } = await db.transaction(async (tx) => {
    const found = await lockResultByKey(tx, key);
    if (!found) throw new AppError('not_found', M.notFound);
    if (found.accountId === null) throw new AppError('conflict', M.notAttached);
    const account = await findAccount(tx, found.accountId);
    await revokeSharesOf(tx, found.id, now);
    const row = await updateResult(tx, found.id, {
      accountId: null,
      claimedAt: null,
      detachedAt: now,
      detachReason: body.reason,
      claimFailures: 0,
      claimsLockedAt: null,
      updatedAt: now,
    });
    return { row, phoneNumber: account?.phoneNumber };
  });
  if (phoneNumber) {
    await notify(db, { to: phoneNumber, text: testResultSms.detached(row.receptionCode), now });
  }
  return claimState(row);
}

/** `POST /api/hospital/v1/test-results/{key}/release`: clears the failed-claim count and the lock; 404 for an unknown key. */
export async function releaseTestResultClaims(db: Db, { key, now }: { key: string; now: Date }): Promise<ResultClaimState> {
  checkedResultKey(key);
  return db.transaction(async (tx) => {
    const found = await lockResultByKey(tx, key);
    if (!found) throw new AppError('not_found', M.notFound);
    return claimState(await updateResult(tx, found.id, { claimFailures: 0, claimsLockedAt: null, updatedAt: now }));
  });
}

/** Every claim window is at most a day long: failures and codes older than two days count for nothing. */
export const pruneClaims = (db: Db, now: Date) => pruneClaimRecords(db, ago(now, 48 * HOUR));
