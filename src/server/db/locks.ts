import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Takes a transaction-scoped advisory lock on `key` (released at commit or rollback): concurrent
 * transactions about the same subject (an address, a phone, an account) run one after another, so
 * a count read under it is still true when the transaction writes.
 */
export const advisoryLock = (db: Db, key: string) => db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
