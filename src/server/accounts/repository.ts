import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';

export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type AccountChanges = Pick<NewAccount, 'firstName' | 'lastName' | 'internationalCode' | 'birthday' | 'gender' | 'updatedAt'>;

/** The constraint that keeps a national code to one account. */
export const NATIONAL_CODE_CONSTRAINT = 'accounts_international_code_key';

/** The accounts of a phone, in the order they were created. */
export async function listAccountsOfPhone(db: Db, phoneNumber: string): Promise<Account[]> {
  return db.select().from(accounts).where(eq(accounts.phoneNumber, phoneNumber)).orderBy(accounts.id);
}

export async function countAccountsOfPhone(db: Db, phoneNumber: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(accounts).where(eq(accounts.phoneNumber, phoneNumber));
  return row?.total ?? 0;
}

export async function insertAccount(db: Db, values: NewAccount): Promise<Account> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned no row');
  return row;
}

/** Changes one account; undefined when it does not exist. */
export async function updateAccount(db: Db, id: number, changes: AccountChanges): Promise<Account | undefined> {
  const [row] = await db.update(accounts).set(changes).where(eq(accounts.id, id)).returning();
  return row;
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}
