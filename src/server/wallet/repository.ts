import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { withdrawals } from '../db/schema/wallet.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = WithdrawalRow['status'];
export const WITHDRAWAL_KEY_CONSTRAINT = 'withdrawals_key_key';

export async function insertWithdrawal(db: Db, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('insert into withdrawals returned no row');
  return row;
}

/** The wallet's balance and what its pending withdrawals, and appointments and invoices awaiting the bank, hold, in one query (the hot `GET /wallet`). */
export async function walletTotals(db: Db, accountId: number): Promise<{ available: number; held: number }> {
  const result = await db.execute<{ available: string; held: string }>(sql`
    select
      coalesce((select balance from ledger_accounts where account_id = ${accountId}), 0)::text as available,
      (coalesce((select sum(amount) from withdrawals where account_id = ${accountId} and status = 'pending'), 0)
        + coalesce((select sum(paid_from_wallet) from appointments where account_id = ${accountId} and status = 'awaiting_payment'), 0)
        + coalesce((select sum(paid_from_wallet) from invoices where account_id = ${accountId} and status = 'unpaid' and payment_id is not null), 0))::text as held`);
  const [row] = (result as unknown as { rows: Array<{ available: string; held: string }> }).rows;
  return { available: Number(row?.available ?? 0), held: Number(row?.held ?? 0) };
}

export async function countPendingWithdrawals(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.status, 'pending')));
  return row?.total ?? 0;
}

export async function listWithdrawalsOfAccount(db: Db, accountId: number, page: { limit: number; offset: number }): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = eq(withdrawals.accountId, accountId);
  const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(page.limit).offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findWithdrawal(db: Db, key: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.key, key));
  return row;
}

/**
 * Moves a withdrawal out of `pending`, once: the conditional update is what makes a second cancel,
 * or a cancel racing the hospital's payment, change nothing.
 */
export async function closePendingWithdrawal(
  db: Db,
  where: { key: string; accountId?: number },
  change: { status: Exclude<WithdrawalStatus, 'pending'>; settledAt: Date; bankReference?: string; reason?: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set(change)
    .where(and(eq(withdrawals.key, where.key), eq(withdrawals.status, 'pending'), where.accountId === undefined ? undefined : eq(withdrawals.accountId, where.accountId)))
    .returning();
  return row;
}

/** Withdrawals with their holder, for the hospital (oldest first: the order to pay them in). */
export async function listWithdrawalsWithHolder(
  db: Db,
  filter: { status?: WithdrawalStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: Array<WithdrawalRow & { firstName: string; lastName: string; phoneNumber: string }>; total: number }> {
  const where = filter.status ? eq(withdrawals.status, filter.status) : undefined;
  const rows = await db
    .select({ withdrawal: withdrawals, firstName: accounts.firstName, lastName: accounts.lastName, phoneNumber: accounts.phoneNumber })
    .from(withdrawals)
    .innerJoin(accounts, eq(accounts.id, withdrawals.accountId))
    .where(where)
    .orderBy(withdrawals.id)
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  return { rows: rows.map((row) => ({ ...row.withdrawal, firstName: row.firstName, lastName: row.lastName, phoneNumber: row.phoneNumber })), total: counted?.total ?? 0 };
}

export async function findWithdrawalHolder(db: Db, accountId: number): Promise<{ firstName: string; lastName: string; phoneNumber: string } | undefined> {
  const [row] = await db.select({ firstName: accounts.firstName, lastName: accounts.lastName, phoneNumber: accounts.phoneNumber }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}
