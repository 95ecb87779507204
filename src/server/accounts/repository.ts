import { and, count, desc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, nationalCodeConflicts } from '../db/schema/accounts.ts';
import { ledgerAccounts } from '../db/schema/ledger.ts';

/** An account with its wallet balance (rials), which the ledger keeps (server/ledger). */
export type Account = typeof accounts.$inferSelect & { walletBalance: number };
export type NewAccount = typeof accounts.$inferInsert;

/** The columns of an account and its wallet's balance (0 before the wallet's first movement). */
export const accountColumns = {
  ...getTableColumns(accounts),
  // Qualified by hand: inside the subquery an unqualified "id" would be the ledger account's.
  walletBalance: sql<number>`coalesce((select wallet.balance from ${ledgerAccounts} wallet where wallet.account_id = "accounts"."id"), 0)`.mapWith(Number).as('wallet_balance'),
};
export type AccountChanges = Pick<NewAccount, 'firstName' | 'lastName' | 'internationalCode' | 'birthday' | 'gender' | 'updatedAt'>;

/** The constraint that keeps a national code to one account. */
export const NATIONAL_CODE_CONSTRAINT = 'accounts_international_code_key';

/** The accounts of a phone, in the order they were created. */
export async function listAccountsOfPhone(db: Db, phoneNumber: string): Promise<Account[]> {
  return db.select(accountColumns).from(accounts).where(eq(accounts.phoneNumber, phoneNumber)).orderBy(accounts.id);
}

/** Account `id` if it is one of the phone's; undefined for another phone's or a missing one. */
export async function findAccountOfPhone(db: Db, id: number, phoneNumber: string): Promise<Account | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.phoneNumber, phoneNumber)));
  return row;
}

export async function countAccountsOfPhone(db: Db, phoneNumber: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(accounts).where(eq(accounts.phoneNumber, phoneNumber));
  return row?.total ?? 0;
}

export async function insertAccount(db: Db, values: NewAccount): Promise<Account> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned no row');
  // A new account has no wallet movements yet.
  return { ...row, walletBalance: 0 };
}

/** Changes one account; undefined when it does not exist. */
export async function updateAccount(db: Db, id: number, changes: AccountChanges): Promise<Account | undefined> {
  const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning({ id: accounts.id });
  return row ? findAccount(db, row.id) : undefined;
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
  return row;
}

export type NewNationalCodeConflict = typeof nationalCodeConflicts.$inferInsert;

export async function insertNationalCodeConflict(db: Db, conflict: NewNationalCodeConflict): Promise<void> {
  await db.insert(nationalCodeConflicts).values(conflict);
}

/** When national codes were refused as another account's for `subject` after `since`, newest first, at most `limit`. */
export async function recentConflictTimes(db: Db, subject: { phoneNumber: string } | { ip: string }, since: Date, limit: number): Promise<Date[]> {
  const who = 'phoneNumber' in subject ? eq(nationalCodeConflicts.phoneNumber, subject.phoneNumber) : eq(nationalCodeConflicts.ip, subject.ip);
  const rows = await db
    .select({ at: nationalCodeConflicts.createdAt })
    .from(nationalCodeConflicts)
    .where(and(who, gt(nationalCodeConflicts.createdAt, since)))
    .orderBy(desc(nationalCodeConflicts.createdAt))
    .limit(limit);
  return rows.map((row) => row.at);
}

export async function pruneNationalCodeConflicts(db: Db, before: Date): Promise<void> {
  await db.delete(nationalCodeConflicts).where(lt(nationalCodeConflicts.createdAt, before));
}

export async function countNationalCodeConflicts(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(nationalCodeConflicts);
  return row?.total ?? 0;
}

/** The account with this national code (each code belongs to one account). */
export async function findAccountByNationalCode(db: Db, internationalCode: string): Promise<Account | undefined> {
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.internationalCode, internationalCode));
  return row;
}
