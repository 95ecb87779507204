import { and, asc, count, desc, eq, gte, lt, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { limitEvents } from '../db/schema/index.ts';

export interface LimitSubject {
  bucket: string;
  subject: string;
}

/** The times of the newest `limit` events of `subject` since `since`, newest first. */
export async function recentEvents(db: Db, { bucket, subject }: LimitSubject, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: limitEvents.at })
    .from(limitEvents)
    .where(and(eq(limitEvents.bucket, bucket), eq(limitEvents.subject, subject), gte(limitEvents.at, since)))
    .orderBy(desc(limitEvents.at))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** How many events of `subject` since `since` (for reports, not for limits: those use recentEvents). */
export async function countEvents(db: Db, { bucket, subject }: LimitSubject, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(limitEvents)
    .where(and(eq(limitEvents.bucket, bucket), eq(limitEvents.subject, subject), gte(limitEvents.at, since)));
  return row?.n ?? 0;
}

export async function insertEvent(db: Db, { bucket, subject }: LimitSubject, at: Date): Promise<void> {
  await db.insert(limitEvents).values({ bucket, subject, at });
}

/** Records one event and returns its id, for an event that may be given back (deleteEvent). */
export async function insertEventReturningId(db: Db, { bucket, subject }: LimitSubject, at: Date): Promise<number> {
  const [row] = await db.insert(limitEvents).values({ bucket, subject, at }).returning({ id: limitEvents.id });
  return row!.id;
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.delete(limitEvents).where(eq(limitEvents.id, id));
}

export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.delete(limitEvents).where(lt(limitEvents.at, before));
}

/** The subjects of `bucket` with the most events since `since` (a report of who is refused most), most first. */
export async function topSubjects(db: Db, bucket: string, since: Date, limit: number): Promise<Array<{ subject: string; events: number; last: Date }>> {
  const events = count();
  const rows = await db
    .select({ subject: limitEvents.subject, events, last: max(limitEvents.at) })
    .from(limitEvents)
    .where(and(eq(limitEvents.bucket, bucket), gte(limitEvents.at, since)))
    .groupBy(limitEvents.subject)
    .orderBy(desc(events), asc(limitEvents.subject))
    .limit(limit);
  return rows.map((row) => ({ subject: row.subject, events: row.events, last: row.last! }));
}
