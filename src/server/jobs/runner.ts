import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { failJob, finishJob, type JobRow, leaseDueJobs } from './repository.ts';

/**
 * The durable job runner: jobs are rows (db/schema/jobs.ts), so they survive a restart,
 * and every process may run a runner: a due job is leased by one of them (`FOR UPDATE SKIP LOCKED`,
 * the same SQL on PGlite and PostgreSQL). A process that dies mid-run leaves a lease that expires,
 * and the job runs again: handlers must be safe to repeat (each checks its own state first).
 */
export type JobHandler = (db: Db, job: JobRow, now: Date) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** Says what jobs of `kind` do; a feature registers its kinds when its module loads. */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export const JOB_LEASE_MS = 5 * 60_000;
export const JOB_MAX_ATTEMPTS = 8;

/** One process's name in `locked_by`. */
export const RUNNER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Runs the jobs due at `now` (up to `limit`); returns how many ran and how many failed. */
export async function runDueJobs(db: Db, now: Date, options: { runner?: string; limit?: number } = {}): Promise<{ ran: number; failed: number }> {
  const runner = options.runner ?? RUNNER_ID;
  const leased = await leaseDueJobs(db, { runner, now, until: new Date(now.getTime() + JOB_LEASE_MS), limit: options.limit ?? 20 });
  let failed = 0;
  for (const job of leased) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(db, job, now);
      await finishJob(db, job, runner, now);
    } catch (error) {
      failed++;
      logError(`Job ${job.key} failed`, error);
      await failJob(db, { job, runner, error: error instanceof Error ? error.message : String(error), now, maxAttempts: JOB_MAX_ATTEMPTS }).catch((failure: unknown) =>
        logError('Recording a failed job failed', failure),
      );
    }
  }
  return { ran: leased.length, failed };
}
