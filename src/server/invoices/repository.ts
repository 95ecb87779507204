import { and, asc, count, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invoiceLinks, invoices } from '../db/schema/invoices.ts';
import { payments } from '../db/schema/payments.ts';
import { serviceRequests } from '../db/schema/service-requests.ts';

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

export type InvoiceLinkRow = typeof invoiceLinks.$inferSelect;

export async function insertLink(db: Db, values: typeof invoiceLinks.$inferInsert): Promise<InvoiceLinkRow> {
  const [row] = await db.insert(invoiceLinks).values(values).returning();
  return row!;
}

/** The links of an invoice that are not revoked (whether the invoice still lets them open is the caller's rule). */
export async function unrevokedLinksOf(db: Db, invoiceId: number): Promise<InvoiceLinkRow[]> {
  return db
    .select()
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)))
    .orderBy(desc(invoiceLinks.createdAt), desc(invoiceLinks.id));
}

export async function countUnrevokedLinksOf(db: Db, invoiceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoiceLinks)
    .where(and(eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes one link of the invoice; false when there is no such link or it was revoked already. */
export async function revokeLink(db: Db, invoiceId: number, linkId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invoiceLinks)
    .set({ revokedAt: now })
    .where(and(eq(invoiceLinks.id, linkId), eq(invoiceLinks.invoiceId, invoiceId), isNull(invoiceLinks.revokedAt)))
    .returning({ id: invoiceLinks.id });
  return rows.length > 0;
}

/** The link a token hash names, with its invoice. */
export async function linkByTokenHash(db: Db, tokenHash: string): Promise<{ link: InvoiceLinkRow; invoice: InvoiceRow } | undefined> {
  const [row] = await db
    .select({ link: invoiceLinks, invoice: invoices })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(eq(invoiceLinks.tokenHash, tokenHash));
  return row;
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
