import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable job runner's queue (server/jobs): reminders, and recurring chores such as the payment
 * sweeper. A runner leases due rows with `FOR UPDATE SKIP LOCKED`, so several processes never take
 * the same job; a lease that is not completed (the process died) runs again after `locked_until`.
 * `key` makes scheduling idempotent (one reminder per appointment, one row per recurring chore).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique('jobs_key_key'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Recurring chores run again this many seconds after each run. */
    everySeconds: integer('every_seconds'),
    attempts: integer('attempts').notNull().default(0),
    /** The lease: taken until then by the runner named in `locked_by`. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'pending'`), check('jobs_status_check', sql`${table.status} in ('pending', 'done', 'failed')`)],
);
