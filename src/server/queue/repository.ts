import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { advisoryLock } from '../db/locks.ts';
import { queueEvents, queueNotices } from '../db/schema/queue.ts';
import type { QueueEventRecord } from './state.ts';

export type QueueEventRow = typeof queueEvents.$inferSelect;

/** The channel every process LISTENs on; the payload is `doctor_id day`. */
export const QUEUE_CHANNEL = 'queue_changed';

/** Serialises the writers of one doctor's day (inside their transaction), so `seq` is one order. */
export const lockDay = (tx: Db, doctorId: string, day: string) => advisoryLock(tx, `queue:${doctorId}:${day}`);

/** The day's log, in order. */
export async function dayEvents(db: Db, doctorId: string, day: string): Promise<QueueEventRecord[]> {
  const rows = await db
    .select()
    .from(queueEvents)
    .where(and(eq(queueEvents.doctorId, doctorId), eq(queueEvents.day, day)))
    .orderBy(asc(queueEvents.seq));
  return rows.map((row) => ({ seq: row.seq, type: row.type, appointmentKey: row.appointmentKey, minutes: row.minutes, source: row.source, createdAt: row.createdAt }));
}

/**
 * Appends an event after the day's last one (the caller holds `lockDay`), and tells every process
 * that the day changed: NOTIFY is delivered at commit, and not at all if the transaction rolls back.
 */
export async function appendEvent(tx: Db, event: Omit<typeof queueEvents.$inferInsert, 'seq' | 'id'> & { seq: number }): Promise<QueueEventRow> {
  const [row] = await tx.insert(queueEvents).values(event).returning();
  await tx.execute(sql`select pg_notify(${QUEUE_CHANNEL}, ${`${event.doctorId} ${event.day}`})`);
  return row!;
}

/** Marks `kind` sent for the appointment; true for the one caller that marked it first. */
export async function claimNotice(db: Db, appointmentKey: string, kind: string, now: Date): Promise<boolean> {
  const rows = await db.insert(queueNotices).values({ appointmentKey, kind, sentAt: now }).onConflictDoNothing().returning({ key: queueNotices.appointmentKey });
  return rows.length > 0;
}
