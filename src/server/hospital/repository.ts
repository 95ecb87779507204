import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hospitalAudit, hospitalIdempotency } from '../db/schema/hospital.ts';

export type AuditRow = typeof hospitalAudit.$inferInsert;

export async function writeAudit(db: Db, row: AuditRow): Promise<void> {
  await db.insert(hospitalAudit).values(row);
}

/** The newest audit rows first, for tests and the operator. */
export function recentAudit(db: Db, limit: number) {
  return db.select().from(hospitalAudit).orderBy(sql`${hospitalAudit.id} desc`).limit(limit);
}

export type Claim = { outcome: 'claimed'; id: number } | { outcome: 'replay'; status: number; body: string } | { outcome: 'running' } | { outcome: 'mismatch' };

/**
 * Takes `idempotencyKey` for `keyName`: inserts the row in state 'running' (the unique index admits
 * one of any concurrent duplicates), or reports what the existing row says. A 'running' row older
 * than `staleBefore` was left by a process that died mid-call and is taken over.
 */
export async function claimIdempotencyKey(db: Db, request: { keyName: string; idempotencyKey: string; requestHash: string }, now: Date, staleBefore: Date): Promise<Claim> {
  const [inserted] = await db
    .insert(hospitalIdempotency)
    .values({ ...request, state: 'running', createdAt: now })
    .onConflictDoNothing()
    .returning({ id: hospitalIdempotency.id });
  if (inserted) return { outcome: 'claimed', id: inserted.id };
  const same = and(eq(hospitalIdempotency.keyName, request.keyName), eq(hospitalIdempotency.idempotencyKey, request.idempotencyKey));
  const [row] = await db.select().from(hospitalIdempotency).where(same);
  // Pruned between the insert and the select: the caller may try again.
  if (!row) return { outcome: 'running' };
  if (row.requestHash !== request.requestHash) return { outcome: 'mismatch' };
  if (row.state === 'done') return { outcome: 'replay', status: row.responseStatus ?? 500, body: row.responseBody ?? '' };
  const [taken] = await db
    .update(hospitalIdempotency)
    .set({ createdAt: now })
    .where(and(eq(hospitalIdempotency.id, row.id), eq(hospitalIdempotency.state, 'running'), lt(hospitalIdempotency.createdAt, staleBefore)))
    .returning({ id: hospitalIdempotency.id });
  return taken ? { outcome: 'claimed', id: taken.id } : { outcome: 'running' };
}

/** Keeps the answer of a claimed key for replay. */
export async function completeIdempotencyKey(db: Db, id: number, answer: { status: number; body: string }, now: Date): Promise<void> {
  await db.update(hospitalIdempotency).set({ state: 'done', responseStatus: answer.status, responseBody: answer.body, completedAt: now }).where(eq(hospitalIdempotency.id, id));
}

/** Gives a claimed key back (the call failed on our side): a retry with it runs again. */
export async function releaseIdempotencyKey(db: Db, id: number): Promise<void> {
  await db.delete(hospitalIdempotency).where(eq(hospitalIdempotency.id, id));
}

/** Deletes idempotency rows created before `before`; answers how many. */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(hospitalIdempotency).where(lt(hospitalIdempotency.createdAt, before)).returning({ id: hospitalIdempotency.id });
  return deleted.length;
}
