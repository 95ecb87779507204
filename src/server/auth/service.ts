import type { Gender } from '../../lib/validation/gender.ts';
import { createAccount } from '../accounts/service.ts';
import { accountMessages } from '../accounts/messages.ts';
import { countAccountsOfPhone, listAccountsOfPhone, type Account } from '../accounts/repository.ts';
import { toUser, type User } from '../accounts/user.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { SmsProvider } from '../sms/provider.ts';
import { authMessages } from './messages.ts';
import { MAX_ACCOUNTS_PER_PHONE, otpPolicy, tokenPolicy, type Window } from './policy.ts';
import {
  consumeCode,
  countWrongTry,
  insertTokens,
  latestCode,
  latestVerifiedCode,
  lockPhone,
  pruneAuthRecords,
  nthRecentFailedCheck,
  olderCodeHashes,
  recentSendTimes,
  recordFailedCheck,
  replaceLiveCode,
  revokeLogin,
  type Session,
} from './repository.ts';
import { hashOtpCode, hashToken, newOtpCode, newToken, sameHash } from './secrets.ts';

/** One account a login opens: its bearer token and the account as the API shows it. */
export interface LoginEntry {
  token: string;
  user: User;
}

/** Who is asking, and when: every rule is judged against `now`, so tests can move the clock. */
export interface Caller {
  ip: string;
  now: Date;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** When one more event fits into `window`, given the recent events newest first; 0 when it fits now. */
export function windowOpensAt(newestFirst: readonly Date[], window: Window, now: Date): number {
  const blocking = newestFirst[window.max - 1];
  const opensAt = blocking ? blocking.getTime() + window.ms : 0;
  return opensAt > now.getTime() ? opensAt : 0;
}

function rateLimited(message: (seconds: number) => string, until: number, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new AppError('rate_limited', message(seconds), { retryAfter: seconds });
}

/** 429 while the phone has had 100 failed checks in the last day. */
async function refuseLockedPhone(db: Db, phoneNumber: string, now: Date): Promise<void> {
  const { max, ms } = otpPolicy.phoneLock;
  const nth = await nthRecentFailedCheck(db, { phoneNumber }, ago(now, ms), max);
  if (nth) throw rateLimited(authMessages.phoneLocked, nth.getTime() + ms, now);
}

/** 429 for a locked phone, or for an address with too many failed checks. */
async function refuseGuessing(db: Db, phoneNumber: string, { ip, now }: Caller): Promise<void> {
  await refuseLockedPhone(db, phoneNumber, now);
  const { max, ms } = otpPolicy.failedChecksPerAddress;
  const nth = await nthRecentFailedCheck(db, { ip }, ago(now, ms), max);
  if (nth) throw rateLimited(authMessages.addressWait, nth.getTime() + ms, now);
}

/** The longest per-phone window and the most sends any of them counts: one query serves them all. */
const PHONE_SENDS_LOOKBACK: Window = {
  ms: Math.max(...otpPolicy.sendsPerPhone.map((window) => window.ms)),
  max: Math.max(...otpPolicy.sendsPerPhone.map((window) => window.max)),
};

/**
 * Sends a new login code to a phone, registered or not (the answer must not tell them apart), and
 * retires the phone's previous code in the same transaction. 429 when a send limit or the phone
 * lock stands; 503 when the SMS provider fails.
 */
export async function sendLoginCode(db: Db, sms: SmsProvider, { phoneNumber, host, ip, now }: Caller & { phoneNumber: string; host: string }): Promise<void> {
  const code = newOtpCode();
  await db.transaction(async (tx) => {
    await lockPhone(tx, phoneNumber);
    await refuseLockedPhone(tx, phoneNumber, now);
    const phoneSends = await recentSendTimes(tx, { phoneNumber }, ago(now, PHONE_SENDS_LOOKBACK.ms), PHONE_SENDS_LOOKBACK.max);
    const phoneOpensAt = Math.max(...otpPolicy.sendsPerPhone.map((window) => windowOpensAt(phoneSends, window, now)));
    const perAddress = otpPolicy.sendsPerAddress;
    const addressSends = await recentSendTimes(tx, { ip }, ago(now, perAddress.ms), perAddress.max);
    const addressOpensAt = windowOpensAt(addressSends, perAddress, now);
    if (phoneOpensAt) throw rateLimited(authMessages.sendWait, Math.max(phoneOpensAt, addressOpensAt), now);
    if (addressOpensAt) throw rateLimited(authMessages.addressWait, addressOpensAt, now);
    await replaceLiveCode(tx, {
      phoneNumber,
      ip,
      codeHash: hashOtpCode(phoneNumber, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + otpPolicy.codeTtlMs),
    });
  });
  try {
    await sms.sendOtp({ to: phoneNumber, code, host });
  } catch (error) {
    console.error(`SMS to ${phoneNumber.slice(0, 4)}***${phoneNumber.slice(-3)} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    throw new AppError('unavailable', authMessages.smsFailed);
  }
}

/** A refused code: recorded as a failed check, answered 422 with the messages under `code`. */
async function refuseCode(db: Db, phoneNumber: string, { ip, now }: Caller, ...messages: string[]): Promise<AppError> {
  await recordFailedCheck(db, { phoneNumber, ip, createdAt: now });
  return new AppError('invalid_input', messages[0]!, { errors: { code: messages } });
}

/** Counts a wrong code against `codeId`; when that was its last try, says so too. */
async function wrongTry(db: Db, codeId: number, message: string): Promise<string[]> {
  const attempts = await countWrongTry(db, codeId, otpPolicy.maxWrongTries);
  return attempts === undefined || attempts >= otpPolicy.maxWrongTries ? [message, authMessages.codeDead] : [message];
}

/** Issues one token per account, all tied to the verification `loginId`. */
async function issueTokens(db: Db, accounts: Account[], loginId: number, now: Date): Promise<LoginEntry[]> {
  const entries = accounts.map((account) => ({ account, token: newToken() }));
  await insertTokens(
    db,
    entries.map(({ account, token }) => ({
      accountId: account.id,
      tokenHash: hashToken(token),
      loginId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + tokenPolicy.ttlMs),
    })),
  );
  return entries.map(({ account, token }) => ({ token, user: toUser(account) }));
}

/**
 * Checks a login code. Right: the code is used up, and the answer opens each account of the phone
 * (`register` = the phone has accounts). Wrong, expired, used, replaced or dead: 422 under `code`,
 * and a failed check is recorded.
 */
export async function checkLoginCode(
  db: Db,
  { phoneNumber, code, ...caller }: Caller & { phoneNumber: string; code: string },
): Promise<{ register: boolean; data: LoginEntry[] }> {
  await refuseGuessing(db, phoneNumber, caller);
  const hash = hashOtpCode(phoneNumber, code);
  const latest = await latestCode(db, phoneNumber);
  if (!latest) throw await refuseCode(db, phoneNumber, caller, authMessages.noCode);
  // The newest code is used up only by a successful check (a resend inserts a newer one).
  if (latest.consumedAt) {
    throw await refuseCode(db, phoneNumber, caller, sameHash(latest.codeHash, hash) ? authMessages.codeUsed : authMessages.noCode);
  }
  if (latest.expiresAt <= caller.now) throw await refuseCode(db, phoneNumber, caller, authMessages.codeExpired);
  if (latest.attempts >= otpPolicy.maxWrongTries) throw await refuseCode(db, phoneNumber, caller, authMessages.codeDead);
  if (!sameHash(latest.codeHash, hash)) {
    // A code that a resend replaced while it would still be valid: tell them to use the newest.
    const older = await olderCodeHashes(db, phoneNumber, latest.id, ago(caller.now, otpPolicy.codeTtlMs));
    const replaced = older.some((olderHash) => sameHash(olderHash, hash));
    const messages = await wrongTry(db, latest.id, replaced ? authMessages.codeReplaced : authMessages.codeWrong);
    throw await refuseCode(db, phoneNumber, caller, ...messages);
  }
  const opened = await db.transaction(async (tx) => {
    if (!(await consumeCode(tx, latest.id, caller.now, otpPolicy.maxWrongTries))) return undefined;
    const accounts = await listAccountsOfPhone(tx, phoneNumber);
    return { register: accounts.length > 0, data: await issueTokens(tx, accounts, latest.id, caller.now) };
  });
  // Another request used the same code a moment earlier.
  if (!opened) throw await refuseCode(db, phoneNumber, caller, authMessages.codeUsed);
  return opened;
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
 * wrong try of that code), 409 for a national code in use or a phone with 10 accounts.
 */
export async function registerAccount(db: Db, input: RegisterInput, caller: Caller): Promise<LoginEntry> {
  const { phoneNumber } = input;
  await refuseGuessing(db, phoneNumber, caller);
  const verified = await latestVerifiedCode(db, phoneNumber, ago(caller.now, otpPolicy.registrationWindowMs));
  if (!verified) throw await refuseCode(db, phoneNumber, caller, authMessages.registrationClosed);
  if (verified.attempts >= otpPolicy.maxWrongTries) throw await refuseCode(db, phoneNumber, caller, authMessages.codeDead);
  if (!sameHash(verified.codeHash, hashOtpCode(phoneNumber, input.code))) {
    throw await refuseCode(db, phoneNumber, caller, ...(await wrongTry(db, verified.id, authMessages.codeWrong)));
  }
  return db.transaction(async (tx) => {
    await lockPhone(tx, phoneNumber);
    if ((await countAccountsOfPhone(tx, phoneNumber)) >= MAX_ACCOUNTS_PER_PHONE) {
      throw new AppError('conflict', accountMessages.tooManyAccounts);
    }
    const account = await createAccount(tx, {
      phoneNumber,
      firstName: input.firstName,
      lastName: input.lastName,
      internationalCode: input.internationalCode,
      gender: input.gender,
      createdAt: caller.now,
      updatedAt: caller.now,
    });
    const [entry] = await issueTokens(tx, [account], verified.id, caller.now);
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
}
