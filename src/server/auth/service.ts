import type { LoginEntry } from '#lib/api/contracts/auth.ts';
import type { Gender } from '#lib/validation/gender.ts';
import { accountMessages } from '../accounts/messages.ts';
import { type Account, countAccountsOfPhone, listAccountsOfPhone, pruneNationalCodeConflicts } from '../accounts/repository.ts';
import { createAccount } from '../accounts/service.ts';
import { toUser } from '../accounts/user.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { SmsProvider } from '../sms/provider.ts';
import { ago, maskPhone, rateLimited, transactionThenRefuse, windowOpensAt } from './limits.ts';
import { authMessages } from './messages.ts';
import { MAX_ACCOUNTS_PER_PHONE, otpPolicy, tokenPolicy, type Window } from './policy.ts';
import {
  consumeCode,
  countWrongTry,
  insertTokens,
  latestCode,
  latestVerifiedCode,
  lockSubjects,
  markSendFailed,
  nthRecentFailedCheck,
  olderCodeHashes,
  pruneAuthRecords,
  recentSendTimes,
  recordFailedCheck,
  replaceLiveCode,
  revokeLogin,
  type Session,
} from './repository.ts';
import { hashOtpCode, hashToken, newOtpCode, newToken, sameHash } from './secrets.ts';

export type { LoginEntry };
export { windowOpensAt };

/** Who is asking, and when: every rule is judged against `now`, so tests can move the clock. */
export interface Caller {
  ip: string;
  now: Date;
}

/** 429 for an address with too many failed checks. Run under the address's lock. */
async function refuseGuessingAddress(db: Db, { ip, now }: Caller): Promise<void> {
  const { max, ms } = otpPolicy.failedChecksPerAddress;
  const nth = await nthRecentFailedCheck(db, { ip }, ago(now, ms), max);
  if (nth) throw rateLimited(authMessages.addressWait, nth.getTime() + ms, now);
}

/** The longest of `windows` and the most events any of them counts: one query serves them all. */
const lookback = (windows: readonly Window[]): Window => ({
  ms: Math.max(...windows.map((window) => window.ms)),
  max: Math.max(...windows.map((window) => window.max)),
});

/** When the phone's windows admit one more event, given its recent events; 0 when they do now. */
async function phoneOpensAt(db: Db, phoneNumber: string, windows: readonly Window[], now: Date, attempts: boolean): Promise<number> {
  const all = lookback(windows);
  const times = await recentSendTimes(db, { subject: { phoneNumber }, since: ago(now, all.ms), limit: all.max, attempts });
  return Math.max(...windows.map((window) => windowOpensAt(times, window, now)));
}

async function addressOpensAt(db: Db, ip: string, window: Window, now: Date, attempts: boolean): Promise<number> {
  return windowOpensAt(await recentSendTimes(db, { subject: { ip }, since: ago(now, window.ms), limit: window.max, attempts }), window, now);
}

/**
 * Sends a new login code to a phone, registered or not (the answer must not tell them apart), and
 * retires the phone's previous code. 429 when a send limit or an attempt cap stands; 503 when the
 * SMS provider fails, which then counts as an attempt but not as a send. The counting and the new
 * row happen under the address's and the phone's locks, so concurrent requests cannot overshoot.
 */
export async function sendLoginCode(db: Db, sms: SmsProvider, { phoneNumber, ip, now }: Caller & { phoneNumber: string }): Promise<void> {
  const code = newOtpCode();
  const codeId = await db.transaction(async (tx) => {
    await lockSubjects(tx, { ip, phoneNumber });
    const phoneWait = Math.max(await phoneOpensAt(tx, phoneNumber, otpPolicy.sendsPerPhone, now, false), await phoneOpensAt(tx, phoneNumber, otpPolicy.sendAttemptsPerPhone, now, true));
    const addressWait = Math.max(await addressOpensAt(tx, ip, otpPolicy.sendsPerAddress, now, false), await addressOpensAt(tx, ip, otpPolicy.sendAttemptsPerAddress, now, true));
    if (phoneWait) throw rateLimited(authMessages.sendWait, Math.max(phoneWait, addressWait), now);
    if (addressWait) throw rateLimited(authMessages.addressWait, addressWait, now);
    return replaceLiveCode(tx, {
      phoneNumber,
      ip,
      codeHash: hashOtpCode(phoneNumber, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + otpPolicy.codeTtlMs),
    });
  });
  try {
    await sms.sendOtp({ to: phoneNumber, code });
  } catch (error) {
    console.error(`SMS to ${maskPhone(phoneNumber)} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    await markSendFailed(db, codeId, now);
    throw new AppError('unavailable', authMessages.smsFailed);
  }
}

/** A refused code: recorded as a failed check (of the address), answered 422 with the messages under `code`. */
async function refuseCode(db: Db, phoneNumber: string, { ip, now }: Caller, ...messages: string[]): Promise<AppError> {
  await recordFailedCheck(db, { phoneNumber, ip, createdAt: now });
  return new AppError('invalid_input', messages[0]!, { errors: { code: messages } });
}

/** Counts a wrong code against `codeId`; when that was its last try, says so too. */
async function wrongTry(db: Db, codeId: number, message: string): Promise<string[]> {
  const attempts = await countWrongTry(db, codeId, otpPolicy.maxWrongTries);
  return attempts === undefined || attempts >= otpPolicy.maxWrongTries ? [message, authMessages.codeDead] : [message];
}

/** The login a new token joins and how long it lives: a fresh login's full term, or the rest of a session's. */
export interface TokenTerm {
  loginId: number;
  createdAt: Date;
  expiresAt: Date;
}

/** A new login's term: the verification `loginId`, `tokenPolicy.ttlMs` from now. */
const freshTerm = (loginId: number, now: Date): TokenTerm => ({ loginId, createdAt: now, expiresAt: new Date(now.getTime() + tokenPolicy.ttlMs) });

/** Issues one token per account, all in the login and until the deadline of `term`. */
export async function issueTokens(db: Db, accounts: Account[], term: TokenTerm): Promise<LoginEntry[]> {
  const entries = accounts.map((account) => ({ account, token: newToken() }));
  await insertTokens(
    db,
    entries.map(({ account, token }) => ({ accountId: account.id, tokenHash: hashToken(token), ...term })),
  );
  return entries.map(({ account, token }) => ({ token, user: toUser(account) }));
}

/**
 * Checks a login code. Right: the code is used up, and the answer opens each account of the phone
 * (`register` = the phone has accounts). Wrong, expired, used, replaced or dead: 422 under `code`,
 * and a failed check of the address is recorded. Only a wrong guess at a live code costs that code
 * one of its 5 tries; nothing else counts against the phone, so strangers' checks cannot lock its
 * owner out. The whole check runs under the address's lock: its failed checks never overshoot.
 */
export async function checkLoginCode(db: Db, { phoneNumber, code, ...caller }: Caller & { phoneNumber: string; code: string }): Promise<{ register: boolean; data: LoginEntry[] }> {
  return transactionThenRefuse(db, async (tx) => {
    await lockSubjects(tx, { ip: caller.ip });
    await refuseGuessingAddress(tx, caller);
    const hash = hashOtpCode(phoneNumber, code);
    const latest = await latestCode(tx, phoneNumber);
    if (!latest) return refuseCode(tx, phoneNumber, caller, authMessages.noCode);
    // The newest code is used up only by a successful check or a failed send (a resend inserts a newer one).
    if (latest.consumedAt) {
      return refuseCode(tx, phoneNumber, caller, sameHash(latest.codeHash, hash) ? authMessages.codeUsed : authMessages.noCode);
    }
    if (latest.expiresAt <= caller.now) return refuseCode(tx, phoneNumber, caller, authMessages.codeExpired);
    if (latest.attempts >= otpPolicy.maxWrongTries) return refuseCode(tx, phoneNumber, caller, authMessages.codeDead);
    if (!sameHash(latest.codeHash, hash)) {
      // A code that a resend replaced while it would still be valid: tell them to use the newest.
      const older = await olderCodeHashes(tx, phoneNumber, latest.id, ago(caller.now, otpPolicy.codeTtlMs));
      const replaced = older.some((olderHash) => sameHash(olderHash, hash));
      const messages = await wrongTry(tx, latest.id, replaced ? authMessages.codeReplaced : authMessages.codeWrong);
      return refuseCode(tx, phoneNumber, caller, ...messages);
    }
    // Another request from another address may have used the same code a moment earlier.
    if (!(await consumeCode(tx, latest.id, caller.now, otpPolicy.maxWrongTries))) {
      return refuseCode(tx, phoneNumber, caller, authMessages.codeUsed);
    }
    const accounts = await listAccountsOfPhone(tx, phoneNumber);
    return { register: accounts.length > 0, data: await issueTokens(tx, accounts, freshTerm(latest.id, caller.now)) };
  });
}

export interface RegisterInput {
  phoneNumber: string;
  code: string;
  firstName: string;
  lastName: string;
  internationalCode: string;
  gender: Gender;
}

/**
 * Creates an account for a phone whose code was checked successfully in the last 10 minutes; the
 * same code may register several people (each national code once) inside that window. Returns the
 * new account's token. 422 under `code` for a closed window or a wrong code (which counts as a
 * wrong try of that code), 409 for a national code in use or a phone with 10 accounts, 429 once
 * the phone or address has had too many national codes refused (accounts/service.ts).
 */
export async function registerAccount(db: Db, input: RegisterInput, caller: Caller): Promise<LoginEntry> {
  const { phoneNumber } = input;
  return transactionThenRefuse(db, async (tx) => {
    await lockSubjects(tx, { ip: caller.ip, phoneNumber });
    await refuseGuessingAddress(tx, caller);
    const verified = await latestVerifiedCode(tx, phoneNumber, ago(caller.now, otpPolicy.registrationWindowMs));
    if (!verified) return refuseCode(tx, phoneNumber, caller, authMessages.registrationClosed);
    if (verified.attempts >= otpPolicy.maxWrongTries) return refuseCode(tx, phoneNumber, caller, authMessages.codeDead);
    if (!sameHash(verified.codeHash, hashOtpCode(phoneNumber, input.code))) {
      return refuseCode(tx, phoneNumber, caller, ...(await wrongTry(tx, verified.id, authMessages.codeWrong)));
    }
    if ((await countAccountsOfPhone(tx, phoneNumber)) >= MAX_ACCOUNTS_PER_PHONE) {
      return new AppError('conflict', accountMessages.tooManyAccounts);
    }
    const account = await createAccount(
      tx,
      {
        phoneNumber,
        firstName: input.firstName,
        lastName: input.lastName,
        internationalCode: input.internationalCode,
        gender: input.gender,
        createdAt: caller.now,
        updatedAt: caller.now,
      },
      { phoneNumber, ip: caller.ip, now: caller.now },
    );
    if (account instanceof AppError) return account;
    const [entry] = await issueTokens(tx, [account], freshTerm(verified.id, caller.now));
    return entry!;
  });
}

/** Ends a login: the token, and the tokens its verification issued for the phone's other accounts, are dead. */
export async function logout(db: Db, session: Session, now: Date): Promise<void> {
  await revokeLogin(db, session.loginId, now);
}

/** Deletes login records that no rule looks at any more; each process runs it now and then. */
export async function pruneLoginRecords(db: Db, now: Date): Promise<void> {
  await pruneAuthRecords(db, ago(now, otpPolicy.keepRecordsMs));
  await pruneNationalCodeConflicts(db, ago(now, otpPolicy.keepRecordsMs));
}
