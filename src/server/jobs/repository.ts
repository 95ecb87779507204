import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface JobOrder {
  key: string;
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** Recurring: run again this many seconds after each run. */
  everySeconds?: number;
}

/**
 * Schedules a job under its unique `key`; scheduling the same key again moves it (new time and
 * payload, pending again). Inside a caller's transaction, it commits with the change it belongs to.
 */
export async function upsertJob(db: Db, order: JobOrder, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ key: order.key, kind: order.kind, runAt: order.runAt, payload: order.payload ?? {}, everySeconds: order.everySeconds ?? null, createdAt: now })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { kind: order.kind, runAt: order.runAt, payload: order.payload ?? {}, status: 'pending', attempts: 0, lockedUntil: null, lockedBy: null, lastError: null, finishedAt: null },
    });
}

/** A recurring chore's row, created once (an existing one keeps its schedule). */
export async function ensureJob(db: Db, order: JobOrder & { everySeconds: number }, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ key: order.key, kind: order.kind, runAt: order.runAt, payload: order.payload ?? {}, everySeconds: order.everySeconds, createdAt: now })
    .onConflictDoNothing({ target: jobs.key });
}

/** Withdraws a pending job (a cancelled appointment's reminder). */
export async function dropJob(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lastError: 'dropped' })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')));
}

/**
 * Leases up to `limit` due jobs for `runner` until `until`: rows another runner holds (a live lease,
 * or a row lock of a runner leasing right now) are skipped, so two runners never take one job.
 */
export async function leaseDueJobs(db: Db, options: { runner: string; now: Date; until: Date; limit: number }): Promise<JobRow[]> {
  const result = await db.execute<{ id: number }>(sql`
    update ${jobs} set locked_until = ${options.until}, locked_by = ${options.runner}, attempts = ${jobs.attempts} + 1
    where ${jobs.id} in (
      select ${jobs.id} from ${jobs}
      where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${options.now}
        and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${options.now})
      order by ${jobs.runAt}
      limit ${options.limit}
      for update skip locked
    )
    returning ${jobs.id}`);
  const ids = (result as unknown as { rows: Array<{ id: number | string }> }).rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(jobs).where(sql`${jobs.id} in ${ids}`);
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/** The leased run is over: a one-off job is done, a recurring one is due again `everySeconds` later. */
export async function finishJob(db: Db, job: JobRow, runner: string, now: Date): Promise<void> {
  const held = and(eq(jobs.id, job.id), eq(jobs.lockedBy, runner), eq(jobs.runAt, job.runAt));
  if (job.everySeconds) {
    await db
      .update(jobs)
      .set({ runAt: new Date(now.getTime() + job.everySeconds * 1000), lockedUntil: null, lockedBy: null, attempts: 0, lastError: null })
      .where(held);
  } else {
    await db.update(jobs).set({ status: 'done', finishedAt: now, lockedUntil: null }).where(held);
  }
}

/** The run failed: try again later (backing off), or give up after `maxAttempts`. */
export async function failJob(db: Db, { job, runner, error, now, maxAttempts }: { job: JobRow; runner: string; error: string; now: Date; maxAttempts: number }): Promise<void> {
  const held = and(eq(jobs.id, job.id), eq(jobs.lockedBy, runner), eq(jobs.runAt, job.runAt));
  const giveUp = !job.everySeconds && job.attempts >= maxAttempts;
  const delay = job.everySeconds ? job.everySeconds * 1000 : Math.min(60 * 60_000, 2 ** job.attempts * 30_000);
  await db
    .update(jobs)
    .set({
      lastError: error.slice(0, 500),
      lockedUntil: null,
      lockedBy: null,
      ...(giveUp ? { status: 'failed' as const, finishedAt: now } : { runAt: new Date(now.getTime() + delay) }),
    })
    .where(held);
}

export async function findJob(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}
