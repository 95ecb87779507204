import { and, asc, count, desc, eq, isNotNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/money.ts';
import { invoiceLinks, invoices, serviceRequests } from '../db/schema/service-requests.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export const INVOICE_KEY_CONSTRAINT = 'invoices_key_key';

export async function insertInvoice(db: Db, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: Db, key: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.key, key));
  return row;
}

export async function findInvoiceOf(db: Db, accountId: number, key: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.key, key), eq(invoices.accountId, accountId)));
  return row;
}

/** The row, locked for a payment or a void (callers lock the owner's wallet first). */
export async function lockInvoice(db: Db, key: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.key, key)).for('update');
  return row;
}

export async function updateInvoice(db: Db, id: number, changes: Partial<NewInvoice>): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(changes).where(eq(invoices.id, id)).returning();
  return row!;
}

const statusFilter = (status: 'unpaid' | 'paid' | 'all') => (status === 'all' ? undefined : eq(invoices.status, status));

/** The account's invoices: unpaid first, then newest; with the count and sum of the unpaid ones. */
export async function listInvoicesOf(
  db: Db,
  accountId: number,
  status: 'unpaid' | 'paid' | 'all',
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; total: number; unpaidCount: number; unpaidTotal: number }> {
  const where = and(eq(invoices.accountId, accountId), statusFilter(status));
  const [rows, [total], [unpaid]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(sql`case when ${invoices.status} = 'unpaid' then 0 else 1 end`, desc(invoices.issuedAt), desc(invoices.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoices).where(where),
    db
      .select({ n: count(), total: sum(invoices.payable) })
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.status, 'unpaid'))),
  ]);
  return { rows, total: total?.n ?? 0, unpaidCount: unpaid?.n ?? 0, unpaidTotal: Number(unpaid?.total ?? 0) };
}

/** The request an invoice belongs to: its key, service and patient. */
export async function requestOfInvoice(
  db: Db,
  requestId: number,
): Promise<{ key: string; serviceId: string; accountId: number; patientFirstName: string; patientLastName: string } | undefined> {
  const [row] = await db
    .select({
      key: serviceRequests.key,
      serviceId: serviceRequests.serviceId,
      accountId: serviceRequests.accountId,
      patientFirstName: serviceRequests.patientFirstName,
      patientLastName: serviceRequests.patientLastName,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId));
  return row;
}

export async function insertLink(db: Db, values: typeof invoiceLinks.$inferInsert): Promise<void> {
  await db.insert(invoiceLinks).values(values);
}

export async function countLinksOf(db: Db, invoiceId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoiceLinks).where(eq(invoiceLinks.invoiceId, invoiceId));
  return row?.n ?? 0;
}

/** The invoice a link's token hash opens. */
export async function invoiceByTokenHash(db: Db, tokenHash: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(eq(invoiceLinks.tokenHash, tokenHash));
  return row?.invoice;
}

/**
 * Work for the release job: unpaid invoices whose patient payment has failed or expired (or is past
 * its time at the bank) with wallet money still aside. Keys and owners only, unlocked.
 */
export async function invoicesToRelease(db: Db, now: Date, limit: number): Promise<Array<{ key: string; accountId: number }>> {
  return db
    .select({ key: invoices.key, accountId: invoices.accountId })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(and(isNotNull(invoices.paymentId), sql`(${payments.status} in ('failed', 'expired') or (${payments.status} = 'pending' and ${payments.expiresAt} <= ${now}))`))
    .orderBy(asc(invoices.id))
    .limit(limit);
}

/** The unpaid invoices of a request: keys and owners only, unlocked. */
export async function unpaidInvoicesOfRequest(db: Db, requestId: number): Promise<Array<{ key: string; accountId: number }>> {
  return db
    .select({ key: invoices.key, accountId: invoices.accountId })
    .from(invoices)
    .where(and(eq(invoices.serviceRequestId, requestId), eq(invoices.status, 'unpaid')))
    .orderBy(asc(invoices.id));
}
