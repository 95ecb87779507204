import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { testObservations, testResultClaimCodes, testResultClaimFailures, testResultShares, testResults } from '../db/schema/test-results.ts';

export type TestResultRow = typeof testResults.$inferSelect;
export type NewTestResult = typeof testResults.$inferInsert;
export type ObservationRow = typeof testObservations.$inferSelect;
export type NewObservation = typeof testObservations.$inferInsert;
export type ShareRow = typeof testResultShares.$inferSelect;
export type ClaimCodeRow = typeof testResultClaimCodes.$inferSelect;

export const TEST_RESULT_KEY_CONSTRAINT = 'test_results_key_key';
export const RECEPTION_CODE_CONSTRAINT = 'test_results_reception_code_key';

export async function insertResult(db: Db, values: NewTestResult): Promise<TestResultRow> {
  const [row] = await db.insert(testResults).values(values).returning();
  return row!;
}

export async function updateResult(db: Db, id: number, changes: Partial<NewTestResult>): Promise<TestResultRow> {
  const [row] = await db.update(testResults).set(changes).where(eq(testResults.id, id)).returning();
  return row!;
}

/** The result with this reception code, locked (filing again, claiming). */
export async function lockResultByReception(db: Db, receptionCode: string): Promise<TestResultRow | undefined> {
  const [row] = await db.select().from(testResults).where(eq(testResults.receptionCode, receptionCode)).for('update');
  return row;
}

export async function lockResult(db: Db, id: number): Promise<TestResultRow | undefined> {
  const [row] = await db.select().from(testResults).where(eq(testResults.id, id)).for('update');
  return row;
}

export async function findResultOf(db: Db, accountId: number, key: string): Promise<TestResultRow | undefined> {
  const [row] = await db
    .select()
    .from(testResults)
    .where(and(eq(testResults.key, key), eq(testResults.accountId, accountId)));
  return row;
}

export async function findResultByKey(db: Db, key: string): Promise<TestResultRow | undefined> {
  const [row] = await db.select().from(testResults).where(eq(testResults.key, key));
  return row;
}

/** One page of the account's results, newest sample first. */
export async function listResultsOf(db: Db, accountId: number, page: { limit: number; offset: number }): Promise<{ rows: TestResultRow[]; total: number }> {
  const where = eq(testResults.accountId, accountId);
  // The total rides on each row (a window over the same filter): one statement for the page and its count.
  const found = await db
    .select({ row: testResults, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(testResults)
    .where(where)
    .orderBy(desc(testResults.collectedAt), desc(testResults.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = found.map((entry) => entry.row);
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end has no row to carry the total.
  if (page.offset === 0) return { rows, total: 0 };
  const [counted] = await db.select({ total: count() }).from(testResults).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** What a list's summary needs of each observation: its result, panel and flag, in panel and position order. */
export async function observationFlagsOf(db: Db, resultIds: number[]): Promise<Array<Pick<ObservationRow, 'resultId' | 'panel' | 'flag'>>> {
  if (resultIds.length === 0) return [];
  return db
    .select({ resultId: testObservations.resultId, panel: testObservations.panel, flag: testObservations.flag })
    .from(testObservations)
    .where(inArray(testObservations.resultId, resultIds))
    .orderBy(asc(testObservations.resultId), asc(testObservations.panelPosition), asc(testObservations.position));
}

/** The observations of these results, in panel and position order. */
export async function observationsOf(db: Db, resultIds: number[]): Promise<ObservationRow[]> {
  if (resultIds.length === 0) return [];
  return db
    .select()
    .from(testObservations)
    .where(inArray(testObservations.resultId, resultIds))
    .orderBy(asc(testObservations.resultId), asc(testObservations.panelPosition), asc(testObservations.position));
}

/**
 * Rows per INSERT: a statement carries at most 65,535 parameters (PostgreSQL's protocol counts
 * them in 16 bits) and an observation takes about 15, so one statement for a whole large result
 * would fail; 500 rows stay far below at any column count the table will grow to.
 */
export const OBSERVATION_INSERT_CHUNK = 500;

/** Replaces a result's observations (the caller holds the result's row lock and runs it in a transaction). */
export async function replaceObservations(db: Db, resultId: number, rows: NewObservation[]): Promise<void> {
  await db.delete(testObservations).where(eq(testObservations.resultId, resultId));
  for (let start = 0; start < rows.length; start += OBSERVATION_INSERT_CHUNK) {
    await db.insert(testObservations).values(rows.slice(start, start + OBSERVATION_INSERT_CHUNK));
  }
}

/** Whose earlier values make a test's history: one account, one national code (a relative's results stay apart). */
export interface HistoryOwner {
  accountId: number;
  internationalCode: string;
}

/** Earlier values of `codes` for this patient, sampled before `before`, oldest first. */
export async function historyOf(db: Db, owner: HistoryOwner, codes: string[], before: Date) {
  if (codes.length === 0) return [];
  return db
    .select({ code: testObservations.code, valueNumber: testObservations.valueNumber, valueText: testObservations.valueText, flag: testObservations.flag, collectedAt: testObservations.collectedAt })
    .from(testObservations)
    .innerJoin(testResults, eq(testResults.id, testObservations.resultId))
    .where(
      and(
        eq(testResults.accountId, owner.accountId),
        eq(testResults.internationalCode, owner.internationalCode),
        inArray(testObservations.code, codes),
        lt(testObservations.collectedAt, before),
      ),
    )
    .orderBy(asc(testObservations.collectedAt), asc(testObservations.id));
}

// Share links.

export async function insertShare(db: Db, values: typeof testResultShares.$inferInsert): Promise<ShareRow> {
  const [row] = await db.insert(testResultShares).values(values).returning();
  return row!;
}

/** The result's links that still open at `now`, newest first. */
export async function liveSharesOf(db: Db, resultId: number, now: Date): Promise<ShareRow[]> {
  return db
    .select()
    .from(testResultShares)
    .where(and(eq(testResultShares.resultId, resultId), isNull(testResultShares.revokedAt), gt(testResultShares.expiresAt, now)))
    .orderBy(desc(testResultShares.id));
}

/** Revokes one of the result's links; false when there is no such live link. */
export async function revokeShare(db: Db, resultId: number, shareId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(testResultShares)
    .set({ revokedAt: now })
    .where(and(eq(testResultShares.id, shareId), eq(testResultShares.resultId, resultId), isNull(testResultShares.revokedAt), gt(testResultShares.expiresAt, now)))
    .returning({ id: testResultShares.id });
  return rows.length > 0;
}

/** The result a live link opens, with the link. */
export async function resultByShareTokenHash(db: Db, tokenHash: string, now: Date): Promise<{ result: TestResultRow; share: ShareRow } | undefined> {
  const [row] = await db
    .select({ result: testResults, share: testResultShares })
    .from(testResultShares)
    .innerJoin(testResults, eq(testResults.id, testResultShares.resultId))
    .where(and(eq(testResultShares.tokenHash, tokenHash), isNull(testResultShares.revokedAt), gt(testResultShares.expiresAt, now)));
  return row;
}

// Claim limits.

export async function insertClaimFailure(db: Db, values: { accountId: number; ip: string; at: Date }): Promise<void> {
  await db.insert(testResultClaimFailures).values(values);
}

/** Times of failed claims by the account or from the address since `since`, newest first, at most `limit`. */
export async function recentClaimFailures(db: Db, subject: { accountId: number } | { ip: string }, since: Date, limit: number): Promise<Date[]> {
  const who = 'accountId' in subject ? eq(testResultClaimFailures.accountId, subject.accountId) : eq(testResultClaimFailures.ip, subject.ip);
  const rows = await db
    .select({ at: testResultClaimFailures.at })
    .from(testResultClaimFailures)
    .where(and(who, gte(testResultClaimFailures.at, since)))
    .orderBy(desc(testResultClaimFailures.at))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** Deletes claim failures made before `before`, and claim codes that expired before it. */
export async function pruneClaimRecords(db: Db, before: Date): Promise<void> {
  await db.delete(testResultClaimFailures).where(lt(testResultClaimFailures.at, before));
  await db.delete(testResultClaimCodes).where(lt(testResultClaimCodes.expiresAt, before));
}

/** The result with this key, locked (the hospital's detach and release). */
export async function lockResultByKey(db: Db, key: string): Promise<TestResultRow | undefined> {
  const [row] = await db.select().from(testResults).where(eq(testResults.key, key)).for('update');
  return row;
}

/** One more failed claim of a result (the caller holds its row lock); locks it for claims at `lockAt` failures. */
export async function countResultClaimFailure(db: Db, row: TestResultRow, lockAt: number, now: Date): Promise<TestResultRow> {
  const failures = row.claimFailures + 1;
  return updateResult(db, row.id, { claimFailures: failures, ...(failures >= lockAt && !row.claimsLockedAt ? { claimsLockedAt: now } : {}) });
}

/** Every live share link of a result stops opening (the result left the account that made them). */
export async function revokeSharesOf(db: Db, resultId: number, now: Date): Promise<void> {
  await db
    .update(testResultShares)
    .set({ revokedAt: now })
    .where(and(eq(testResultShares.resultId, resultId), isNull(testResultShares.revokedAt), gt(testResultShares.expiresAt, now)));
}

// Claim codes (the caller holds the result's row lock).

/** A new claim code for (result, account); the earlier live ones of the pair complete nothing any more. */
export async function replaceClaimCode(db: Db, values: { resultId: number; accountId: number; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<number> {
  await db
    .update(testResultClaimCodes)
    .set({ consumedAt: values.createdAt })
    .where(and(eq(testResultClaimCodes.resultId, values.resultId), eq(testResultClaimCodes.accountId, values.accountId), isNull(testResultClaimCodes.consumedAt)));
  const [row] = await db.insert(testResultClaimCodes).values(values).returning({ id: testResultClaimCodes.id });
  return row!.id;
}

/** The newest claim code of (result, account). */
export async function latestClaimCode(db: Db, resultId: number, accountId: number): Promise<ClaimCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(testResultClaimCodes)
    .where(and(eq(testResultClaimCodes.resultId, resultId), eq(testResultClaimCodes.accountId, accountId)))
    .orderBy(desc(testResultClaimCodes.id))
    .limit(1);
  return row;
}

/** One more wrong try of a claim code; answers its tries so far. */
export async function countClaimCodeWrongTry(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(testResultClaimCodes)
    .set({ attempts: sql`${testResultClaimCodes.attempts} + 1` })
    .where(eq(testResultClaimCodes.id, id))
    .returning({ attempts: testResultClaimCodes.attempts });
  return row?.attempts ?? 0;
}

/** The code completes nothing any more (used, or its SMS was not sent). */
export async function consumeClaimCode(db: Db, id: number, now: Date): Promise<void> {
  await db.update(testResultClaimCodes).set({ consumedAt: now }).where(and(eq(testResultClaimCodes.id, id), isNull(testResultClaimCodes.consumedAt)));
}

