import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Account, accountColumns } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { advisoryLock } from '../db/locks.ts';
import { perDatabase } from '../db/per-database.ts';
import { accounts } from '../db/schema/accounts.ts';
import { authTokens, otpCodes, otpFailedChecks } from '../db/schema/auth.ts';

export type OtpCode = typeof otpCodes.$inferSelect;
export type NewOtpCode = typeof otpCodes.$inferInsert;
export type NewAuthToken = typeof authTokens.$inferInsert;

/** Whose records to count: a phone's or an address's. */
export type Subject = { phoneNumber: string } | { ip: string };

/**
 * Serialises the transaction's counting and recording for one address, and then for one phone,
 * with every other process on the same database, until the transaction ends. Every caller takes
 * them in this order (address, phone) and before touching any row, so two transactions never
 * wait for each other in a circle.
 */
export async function lockSubjects(db: Db, { ip, phoneNumber }: { ip: string; phoneNumber?: string }): Promise<void> {
  await advisoryLock(db, `ip:${ip}`);
  if (phoneNumber !== undefined) await advisoryLock(db, `phone:${phoneNumber}`);
}

/**
 * When codes were sent to `subject` after `since`, newest first, at most `limit`. Sends the SMS
 * provider refused are left out unless `attempts` asks for every attempt.
 */
export async function recentSendTimes(db: Db, { subject, since, limit, attempts = false }: { subject: Subject; since: Date; limit: number; attempts?: boolean }): Promise<Date[]> {
  const who = 'phoneNumber' in subject ? eq(otpCodes.phoneNumber, subject.phoneNumber) : eq(otpCodes.ip, subject.ip);
  const rows = await db
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(who, gt(otpCodes.createdAt, since), attempts ? undefined : isNull(otpCodes.failedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** The time of the n-th newest failed check of `subject` after `since` (undefined when there are fewer). */
export async function nthRecentFailedCheck(db: Db, subject: Subject, since: Date, n: number): Promise<Date | undefined> {
  const who = 'phoneNumber' in subject ? eq(otpFailedChecks.phoneNumber, subject.phoneNumber) : eq(otpFailedChecks.ip, subject.ip);
  const [row] = await db
    .select({ at: otpFailedChecks.createdAt })
    .from(otpFailedChecks)
    .where(and(who, gt(otpFailedChecks.createdAt, since)))
    .orderBy(desc(otpFailedChecks.createdAt))
    .offset(n - 1)
    .limit(1);
  return row?.at;
}

export async function recordFailedCheck(db: Db, failure: { phoneNumber: string; ip: string; createdAt: Date }): Promise<void> {
  await db.insert(otpFailedChecks).values(failure);
}

/** Retires the phone's usable code, if any, and stores `code` as the new one; returns its id. Run inside a transaction. */
export async function replaceLiveCode(db: Db, code: NewOtpCode & { createdAt: Date }): Promise<number> {
  await db
    .update(otpCodes)
    .set({ consumedAt: code.createdAt })
    .where(and(eq(otpCodes.phoneNumber, code.phoneNumber), isNull(otpCodes.consumedAt)));
  const [row] = await db.insert(otpCodes).values(code).returning({ id: otpCodes.id });
  if (!row) throw new Error('insert into otp_codes returned no row');
  return row.id;
}

/**
 * The SMS provider refused code `id`: it can never be used, and it counts as an attempt only. A
 * code already used (the provider reported a failure but delivered it) stays a send.
 */
export async function markSendFailed(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ failedAt: now, consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)));
}

/** The newest code sent to the phone, whatever its state. */
export async function latestCode(db: Db, phoneNumber: string): Promise<OtpCode | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.phoneNumber, phoneNumber)).orderBy(desc(otpCodes.id)).limit(1);
  return row;
}

/** Hashes of the phone's codes older than `beforeId` and sent after `since`. */
export async function olderCodeHashes(db: Db, phoneNumber: string, beforeId: number, since: Date): Promise<string[]> {
  const rows = await db
    .select({ codeHash: otpCodes.codeHash })
    .from(otpCodes)
    .where(and(eq(otpCodes.phoneNumber, phoneNumber), lt(otpCodes.id, beforeId), gt(otpCodes.createdAt, since)));
  return rows.map((row) => row.codeHash);
}

/** The phone's most recently verified code, if it was verified after `since`. */
export async function latestVerifiedCode(db: Db, phoneNumber: string, since: Date): Promise<OtpCode | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phoneNumber, phoneNumber), isNotNull(otpCodes.verifiedAt), gt(otpCodes.verifiedAt, since)))
    .orderBy(desc(otpCodes.verifiedAt))
    .limit(1);
  return row;
}

/**
 * Counts a wrong try against a code that has tries left, in one statement, so that concurrent
 * guesses cannot exceed `maxTries`. Returns the new count, or undefined when no try was left.
 */
export async function countWrongTry(db: Db, id: number, maxTries: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxTries)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/**
 * Uses a code: only one of any number of concurrent callers gets true, and only while the code is
 * unused, unexpired and has tries left.
 */
export async function consumeCode(db: Db, id: number, now: Date, maxTries: number): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now, verifiedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, maxTries)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

export async function insertTokens(db: Db, tokens: NewAuthToken[]): Promise<void> {
  if (tokens.length > 0) await db.insert(authTokens).values(tokens);
}

export interface Session {
  tokenId: number;
  /** The verification that issued the token; see authTokens.loginId. */
  loginId: number;
  /** When the token dies; a switch to another person of the phone hands this deadline on unchanged. */
  expiresAt: Date;
  account: Account;
}

function prepareSessionQuery(db: Db) {
  return db
    .select({ tokenId: authTokens.id, loginId: authTokens.loginId, expiresAt: authTokens.expiresAt, account: accountColumns })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql.placeholder('now'))))
    .prepare('find_session');
}

/**
 * findSession's statement, built once per database: every authenticated call runs it, and a
 * prepared one skips building the SQL each time (and, on PostgreSQL, the server's parse and plan
 * on a connection that ran it before).
 */
const sessionQuery = perDatabase(prepareSessionQuery);

/** The live (unexpired, unrevoked) token with this hash and the one account it opens. */
export async function findSession(db: Db, tokenHash: string, now: Date): Promise<Session | undefined> {
  // A placeholder is handed to the driver as given: the ISO text the column itself would send.
  const [row] = await sessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/**
 * Revokes one token while it is live; only one of any number of concurrent callers gets true, so a
 * token can be traded for another person's exactly once.
 */
export async function revokeLiveToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

/** When the tokens of login `loginId` were issued after `since`, newest first, at most `limit`. */
export async function recentTokenTimesOfLogin(db: Db, loginId: number, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.loginId, loginId), gt(authTokens.createdAt, since)))
    .orderBy(desc(authTokens.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** Revokes every live token of one login. */
export async function revokeLogin(db: Db, loginId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.loginId, loginId), isNull(authTokens.revokedAt)));
}

/** Deletes codes and failed checks older than `before`, and tokens that expired or were revoked before it. */
export async function pruneAuthRecords(db: Db, before: Date): Promise<void> {
  await db.delete(otpCodes).where(lt(otpCodes.createdAt, before));
  await db.delete(otpFailedChecks).where(lt(otpFailedChecks.createdAt, before));
  await db.delete(authTokens).where(or(lt(authTokens.expiresAt, before), and(isNotNull(authTokens.revokedAt), lt(authTokens.revokedAt, before))));
}

/** Row counts, for tests and the operator's eyes. */
export async function countAuthRows(db: Db): Promise<{ codes: number; failedChecks: number; tokens: number }> {
  const total = async (table: typeof otpCodes | typeof otpFailedChecks | typeof authTokens) => (await db.select({ total: count() }).from(table))[0]?.total ?? 0;
  return { codes: await total(otpCodes), failedChecks: await total(otpFailedChecks), tokens: await total(authTokens) };
}
