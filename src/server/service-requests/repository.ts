import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invoices, serviceRequestEvents, serviceRequests } from '../db/schema/service-requests.ts';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type ServiceRequestEventRow = typeof serviceRequestEvents.$inferSelect;

export const SERVICE_REQUEST_KEY_CONSTRAINT = 'service_requests_key_key';

export async function insertServiceRequest(db: Db, values: NewServiceRequest): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}

export async function insertEvent(db: Db, values: typeof serviceRequestEvents.$inferInsert): Promise<void> {
  await db.insert(serviceRequestEvents).values(values);
}

export async function findServiceRequest(db: Db, key: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.key, key));
  return row;
}

export async function findServiceRequestOf(db: Db, accountId: number, key: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.key, key), eq(serviceRequests.accountId, accountId)));
  return row;
}

/** The row, locked for a status change. */
export async function lockServiceRequest(db: Db, key: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.key, key)).for('update');
  return row;
}

export async function updateServiceRequest(db: Db, id: number, changes: Partial<NewServiceRequest>): Promise<ServiceRequestRow> {
  const [row] = await db.update(serviceRequests).set(changes).where(eq(serviceRequests.id, id)).returning();
  return row!;
}

export async function eventsOf(db: Db, requestId: number): Promise<ServiceRequestEventRow[]> {
  return db.select().from(serviceRequestEvents).where(eq(serviceRequestEvents.requestId, requestId)).orderBy(asc(serviceRequestEvents.id));
}

/** The invoice keys of each request, oldest first. */
export async function invoiceKeysOf(db: Db, requestIds: number[]): Promise<Map<number, string[]>> {
  const keys = new Map<number, string[]>();
  if (requestIds.length === 0) return keys;
  const rows = await db
    .select({ requestId: invoices.serviceRequestId, key: invoices.key })
    .from(invoices)
    .where(inArray(invoices.serviceRequestId, requestIds))
    .orderBy(asc(invoices.id));
  for (const row of rows) if (row.requestId !== null) keys.set(row.requestId, [...(keys.get(row.requestId) ?? []), row.key]);
  return keys;
}

export async function listServiceRequestsOf(
  db: Db,
  accountId: number,
  status: ServiceRequestRow['status'] | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ServiceRequestRow[]; total: number }> {
  const where = and(eq(serviceRequests.accountId, accountId), status ? eq(serviceRequests.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceRequests).where(where).orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(serviceRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The account's requests still open (a bound against floods). */
export async function countOpenRequestsOf(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.accountId, accountId), inArray(serviceRequests.status, ['submitted', 'reviewing', 'scheduled', 'in_progress'])));
  return row?.n ?? 0;
}

/** Serialises one account's new requests (a transaction-scoped advisory lock). */
export async function lockRequestsOf(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`service-requests:${accountId}`}, 0))`);
}
