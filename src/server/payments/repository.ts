import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/payments.ts';
import { isCapabilityId } from '../keys.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: Db, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert into payments returned no row');
  return row;
}

/** The payment with this id; undefined for an id that is not one of ours in shape (never queried). */
export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  if (!isCapabilityId(id)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Payments the account's holder started since `since` that are still pending (a bound on open
 * payments). Payments through an invoice's public link are not the holder's and are not counted.
 */
export async function countRecentPendingPayments(db: Db, accountId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.payer, 'account'), eq(payments.status, 'pending'), gt(payments.createdAt, since)));
  return row?.total ?? 0;
}

/** Link payments for one invoice started since `since` that are still pending (a bound per invoice). */
export async function countRecentPendingLinkPayments(db: Db, target: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payments)
    .where(and(eq(payments.target, target), eq(payments.payer, 'link'), eq(payments.status, 'pending'), gt(payments.createdAt, since)));
  return row?.total ?? 0;
}

/** Records the gateway's authority once; a second request for the same payment keeps the first. */
export async function setAuthority(db: Db, id: string, authority: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ authority })
    .where(and(eq(payments.id, id), isNull(payments.authority), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/**
 * pending (or failed/expired, for money that arrived late) → paid, once: only one of any number of
 * concurrent callers gets the row back, and only that one applies the payment.
 */
export async function markPaid(db: Db, id: string, change: { refId: string; cardPan: string | null; paidAt: Date }): Promise<{ row: PaymentRow; wasPending: boolean } | undefined> {
  const [before] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)).for('update');
  if (!before || before.status === 'paid') return undefined;
  const [row] = await db
    .update(payments)
    .set({ status: 'paid', refId: change.refId, cardPan: change.cardPan, paidAt: change.paidAt })
    .where(and(eq(payments.id, id), ne(payments.status, 'paid')))
    .returning();
  return row ? { row, wasPending: before.status === 'pending' } : undefined;
}

/** A link payment whose invoice was already settled: its money is owed back to the card. */
export async function markReturnedToPayer(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.update(payments).set({ returnedToPayer: true }).where(eq(payments.id, id)).returning();
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/** The money of a paid payment went to the wallet instead of its purpose. */
export async function markCreditedToWallet(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.update(payments).set({ creditedToWallet: true }).where(eq(payments.id, id)).returning();
  return row!;
}

/** pending → failed or expired, once. */
export async function markClosed(db: Db, id: string, change: { status: 'failed' | 'expired'; failure: string; closedAt: Date }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set(change)
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row;
}

/**
 * Takes up to `limit` pending payments older than `olderThan` that no process looked at since
 * `notCheckedSince`, and stamps them: two sweepers at once take different payments (SKIP LOCKED),
 * and a payment is looked at again only after the lease.
 */
export async function leasePendingPayments(db: Db, options: { now: Date; olderThan: Date; notCheckedSince: Date; limit: number }): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ checkedAt: options.now })
    .where(
      sql`${payments.id} in (
        select ${payments.id} from ${payments}
        where ${and(eq(payments.status, 'pending'), lt(payments.createdAt, options.olderThan), or(isNull(payments.checkedAt), lt(payments.checkedAt, options.notCheckedSince)))}
        order by ${payments.createdAt}
        limit ${options.limit}
        for update skip locked)`,
    )
    .returning();
}

/** Link payments owed back to their cards (`due`) or already sent back (`done`), oldest first. */
export async function listReturnedToPayer(db: Db, status: 'due' | 'done', page: { limit: number; offset: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = and(eq(payments.returnedToPayer, true), status === 'due' ? isNull(payments.payerRefundedAt) : isNotNull(payments.payerRefundedAt));
  const [rows, [total]] = await Promise.all([
    db.select().from(payments).where(where).orderBy(asc(payments.paidAt), asc(payments.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** due → done, once (a conditional update); undefined when it was not due. */
export async function markPayerRefunded(db: Db, id: string, change: { at: Date; reference: string }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ payerRefundedAt: change.at, payerRefundReference: change.reference })
    .where(and(eq(payments.id, id), eq(payments.returnedToPayer, true), isNull(payments.payerRefundedAt)))
    .returning();
  return row;
}
