import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invoices } from '../db/schema/invoices.ts';
import { serviceRequestEvents, serviceRequestFiles, serviceRequests } from '../db/schema/service-requests.ts';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type ServiceRequestEventRow = typeof serviceRequestEvents.$inferSelect;
export type RequestFileRow = typeof serviceRequestFiles.$inferSelect;
/** A file without its bytes (lists). */
export type RequestFileInfo = Omit<RequestFileRow, 'data'>;
export interface InvoiceSummaryRow {
  key: string;
  status: 'unpaid' | 'paid' | 'void';
  payable: number;
  dueAt: Date | null;
}

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
  const rows = await db.select({ requestId: invoices.serviceRequestId, key: invoices.key }).from(invoices).where(inArray(invoices.serviceRequestId, requestIds)).orderBy(asc(invoices.id));
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

/** The invoices of each request, oldest first: key, status, what it asks and by when. */
export async function invoicesOf(db: Db, requestIds: number[]): Promise<Map<number, InvoiceSummaryRow[]>> {
  const found = new Map<number, InvoiceSummaryRow[]>();
  if (requestIds.length === 0) return found;
  const rows = await db
    .select({ requestId: invoices.serviceRequestId, key: invoices.key, status: invoices.status, payable: invoices.payable, dueAt: invoices.dueAt })
    .from(invoices)
    .where(inArray(invoices.serviceRequestId, requestIds))
    .orderBy(asc(invoices.id));
  for (const { requestId, ...row } of rows) if (requestId !== null) found.set(requestId, [...(found.get(requestId) ?? []), row]);
  return found;
}

const { data: _data, ...fileInfoColumns } = getTableColumns(serviceRequestFiles);

export async function insertRequestFile(db: Db, values: typeof serviceRequestFiles.$inferInsert): Promise<RequestFileInfo> {
  const [row] = await db.insert(serviceRequestFiles).values(values).returning(fileInfoColumns);
  return row!;
}

/**
 * Drops the account's files not on any request that are older than `olderThan`, or beyond the
 * `keepNewest` newest of them.
 */
export async function dropLooseFiles(db: Db, accountId: number, { olderThan, keepNewest }: { olderThan: Date; keepNewest: number }): Promise<void> {
  const loose = and(eq(serviceRequestFiles.accountId, accountId), isNull(serviceRequestFiles.requestId));
  const newest = await db
    .select({ id: serviceRequestFiles.id })
    .from(serviceRequestFiles)
    .where(and(loose, sql`${serviceRequestFiles.createdAt} >= ${olderThan}`))
    .orderBy(desc(serviceRequestFiles.id))
    .limit(keepNewest);
  const kept = newest.map((row) => row.id);
  await db.delete(serviceRequestFiles).where(and(loose, or(lt(serviceRequestFiles.createdAt, olderThan), kept.length > 0 ? notInArray(serviceRequestFiles.id, kept) : undefined)));
}

/** Puts the account's loose files `publicIds` on the request; returns how many it could (fewer: some were not theirs or not loose). */
export async function attachFiles(db: Db, accountId: number, requestId: number, publicIds: readonly string[]): Promise<number> {
  if (publicIds.length === 0) return 0;
  const rows = await db
    .update(serviceRequestFiles)
    .set({ requestId })
    .where(and(eq(serviceRequestFiles.accountId, accountId), isNull(serviceRequestFiles.requestId), inArray(serviceRequestFiles.publicId, [...publicIds])))
    .returning({ id: serviceRequestFiles.id });
  return rows.length;
}

/** The files of each request, in the order they were uploaded, without their bytes. */
export async function filesOf(db: Db, requestIds: number[]): Promise<Map<number, RequestFileInfo[]>> {
  const found = new Map<number, RequestFileInfo[]>();
  if (requestIds.length === 0) return found;
  const rows = await db.select(fileInfoColumns).from(serviceRequestFiles).where(inArray(serviceRequestFiles.requestId, requestIds)).orderBy(asc(serviceRequestFiles.id));
  for (const row of rows) if (row.requestId !== null) found.set(row.requestId, [...(found.get(row.requestId) ?? []), row]);
  return found;
}

/** One file of one request, with its bytes. */
export async function findFileOfRequest(db: Db, requestId: number, publicId: string): Promise<RequestFileRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceRequestFiles)
    .where(and(eq(serviceRequestFiles.requestId, requestId), eq(serviceRequestFiles.publicId, publicId)));
  return row;
}

/** The phone and address of the account's latest requests, newest first, each pair once. */
export async function recentContactsOf(db: Db, accountId: number, limit: number): Promise<{ phone: string; address: string }[]> {
  return db
    .select({ phone: serviceRequests.phone, address: serviceRequests.address })
    .from(serviceRequests)
    .where(eq(serviceRequests.accountId, accountId))
    .groupBy(serviceRequests.phone, serviceRequests.address)
    .orderBy(desc(sql`max(${serviceRequests.id})`))
    .limit(limit);
}
