import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts, ledgerTransfers } from '../db/schema/ledger.ts';
import { type LedgerParty, ledgerCode } from './accounts.ts';

/** The ledger account of `party`, created on first use (safe when two transactions race). */
export async function ledgerAccountId(db: Db, party: LedgerParty): Promise<number> {
  const code = ledgerCode(party);
  const find = async () => (await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  const values = typeof party === 'string' ? { code, kind: 'system' as const } : { code, kind: 'wallet' as const, accountId: party.wallet };
  // No conflict target: a wallet is unique by code and by account id, and a racing creator can hit
  // either index first; with a target only the code's, PostgreSQL raised the other one's violation.
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
  const created = await find();
  if (created === undefined) throw new Error(`ledger account ${code} could not be created`);
  return created;
}

/** Locks both accounts' rows, lower id first, so that two opposite transfers cannot deadlock. */
export async function lockLedgerAccounts(db: Db, ids: number[]): Promise<void> {
  const ordered = [...ids].sort((a, b) => a - b);
  for (const id of ordered) await db.execute(sql`select id from ledger_accounts where id = ${id} for update`);
}

/**
 * Takes `amount` from an account; a wallet only when it holds that much (the CHECK is the second
 * guard). Returns the balance after, or undefined when the wallet is short.
 */
export async function debitLedgerAccount(db: Db, id: number, amount: number): Promise<number | undefined> {
  const [row] = await db
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} - ${amount}` })
    .where(and(eq(ledgerAccounts.id, id), or(eq(ledgerAccounts.kind, 'system'), gte(ledgerAccounts.balance, amount))))
    .returning({ balance: ledgerAccounts.balance });
  return row?.balance;
}

export async function creditLedgerAccount(db: Db, id: number, amount: number): Promise<number> {
  const [row] = await db
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
    .where(eq(ledgerAccounts.id, id))
    .returning({ balance: ledgerAccounts.balance });
  if (!row) throw new Error(`ledger account ${id} does not exist`);
  return row.balance;
}

export type NewTransfer = typeof ledgerTransfers.$inferInsert;
export type Transfer = typeof ledgerTransfers.$inferSelect;

export async function insertTransfer(db: Db, transfer: NewTransfer): Promise<Transfer> {
  const [row] = await db.insert(ledgerTransfers).values(transfer).returning();
  if (!row) throw new Error('insert into ledger_transfers returned no row');
  return row;
}

/** The wallet's ledger account id, or undefined before its first movement. */
export async function findWalletAccountId(db: Db, accountId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.accountId, accountId));
  return row?.id;
}

export async function walletBalanceOf(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.accountId, accountId));
  return row?.balance ?? 0;
}

/** One line of a wallet's statement: the transfer seen from the wallet (signed amount, its balance after). */
export interface WalletEntry {
  id: number;
  type: string;
  amount: number;
  balanceAfter: number;
  description: string;
  reference: string | null;
  createdAt: Date;
}

export interface WalletEntryFilter {
  types?: readonly string[];
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function entryConditions(walletId: number, filter: WalletEntryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [or(eq(ledgerTransfers.fromAccountId, walletId), eq(ledgerTransfers.toAccountId, walletId))];
  if (filter.types) conditions.push(sql`${ledgerTransfers.type} in ${filter.types}`);
  if (filter.from) conditions.push(gte(ledgerTransfers.createdAt, filter.from));
  if (filter.until) conditions.push(lt(ledgerTransfers.createdAt, filter.until));
  return and(...conditions);
}

/** A page of a wallet's statement, newest first, and how many entries match. */
export async function listWalletEntries(db: Db, walletId: number, filter: WalletEntryFilter, page: { limit: number; offset: number }): Promise<{ rows: WalletEntry[]; total: number }> {
  const where = entryConditions(walletId, filter);
  const incoming = sql`${ledgerTransfers.toAccountId} = ${walletId}`;
  // The total rides on each row (a window over the same filter): one statement for the page and its count.
  const found = await db
    .select({
      id: ledgerTransfers.id,
      type: ledgerTransfers.type,
      amount: sql<number>`case when ${incoming} then ${ledgerTransfers.amount} else -${ledgerTransfers.amount} end`.mapWith(Number),
      balanceAfter: sql<number>`case when ${incoming} then ${ledgerTransfers.toBalanceAfter} else ${ledgerTransfers.fromBalanceAfter} end`.mapWith(Number),
      description: ledgerTransfers.description,
      reference: ledgerTransfers.reference,
      createdAt: ledgerTransfers.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(ledgerTransfers)
    .where(where)
    .orderBy(desc(ledgerTransfers.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end has no row to carry the total.
  if (page.offset === 0) return { rows, total: 0 };
  const [counted] = await db.select({ total: count() }).from(ledgerTransfers).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** Every account with its cached balance and the sum of its transfers (for the consistency check). */
export async function ledgerAccountTotals(db: Db): Promise<Array<{ code: string; kind: string; balance: number; entries: number }>> {
  const result = await db.execute<{ code: string; kind: string; balance: string; entries: string }>(sql`
    select a.code, a.kind, a.balance::text as balance,
      (coalesce((select sum(t.amount) from ledger_transfers t where t.to_account_id = a.id), 0)
       - coalesce((select sum(t.amount) from ledger_transfers t where t.from_account_id = a.id), 0))::text as entries
    from ledger_accounts a order by a.id`);
  const rows = (result as unknown as { rows: Array<{ code: string; kind: string; balance: string; entries: string }> }).rows;
  return rows.map((row) => ({ code: row.code, kind: row.kind, balance: Number(row.balance), entries: Number(row.entries) }));
}

export async function countTransfers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ledgerTransfers);
  return row?.total ?? 0;
}
