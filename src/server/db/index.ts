import { env } from '../env.ts';
import { type Database, type Db, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

export type { Database, Db } from './client.ts';

// The start script opens and migrates the database before it loads the Astro server bundle, and
// hands it over here: the bundle has its own copy of this module, and PGlite allows one opener.
const registryKey = Symbol.for('patient-portal.database');
type Registry = { [registryKey]?: Promise<Database> };

/** Makes `database` the one the request handlers use. */
export function provideDatabase(database: Database): void {
  (globalThis as Registry)[registryKey] = Promise.resolve(database);
}

/** Opens the configured database and applies pending migrations. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = env();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, queryLog: config.DB_QUERY_LOG });
  await migrateDatabase(database);
  return database;
}

/** The process's database: the one provided at start, or (under `astro dev`) opened on first use. */
export async function getDb(): Promise<Db> {
  const registry = globalThis as Registry;
  registry[registryKey] ??= openConfiguredDatabase();
  return (await registry[registryKey]).db;
}

/** The process's database with its LISTEN side, for the live streams. */
export async function getDatabase(): Promise<Database> {
  const registry = globalThis as Registry;
  registry[registryKey] ??= openConfiguredDatabase();
  return registry[registryKey];
}
