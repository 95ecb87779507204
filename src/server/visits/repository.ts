import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { visits } from '../db/schema/visits.ts';

export type NewVisit = typeof visits.$inferInsert;

export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await db.insert(visits).values(visit);
}

/** One multi-row INSERT: all the rows are written, or none. */
export async function insertVisits(db: Db, rows: readonly NewVisit[]): Promise<void> {
  if (rows.length > 0) await db.insert(visits).values([...rows]);
}

export async function countVisits(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(visits);
  return row?.total ?? 0;
}

export async function listVisitsOf(db: Db, visitorId: string) {
  return db.select().from(visits).where(eq(visits.visitorId, visitorId)).orderBy(visits.id);
}
