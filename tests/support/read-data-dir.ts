import { count } from 'drizzle-orm';
import { countAuthRows } from '../../src/server/auth/repository.ts';
import { type Db, openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { accounts } from '../../src/server/db/schema/accounts.ts';
import { countVisits } from '../../src/server/visits/repository.ts';

/**
 * Opens the embedded database of a data directory no server is running on (a stopped one, or one
 * about to be started), migrated, for `work`; closes it afterwards.
 */
export async function withDataDir<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Counts the visits in a stopped server's embedded database. */
export function countVisitsIn(dataDir: string): Promise<number> {
  return withDataDir(dataDir, countVisits);
}

/** Counts what logins write in a stopped server's embedded database. */
export function countLoginRowsIn(dataDir: string) {
  return withDataDir(dataDir, async (db) => {
    const [row] = await db.select({ total: count() }).from(accounts);
    return { accounts: row?.total ?? 0, ...(await countAuthRows(db)) };
  });
}
