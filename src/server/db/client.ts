import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** What repositories receive: the same query API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Set for PostgreSQL: migrations take an advisory lock on a connection of their own. */
  url?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: a PostgreSQL server; unset: embedded PGlite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // Fail at boot, not at the first request, when the server is unreachable.
    await pool.query('select 1');
    return { db: drizzlePg({ client: pool, schema }) as unknown as Db, dialect: 'postgres', url: databaseUrl, close: () => pool.end() };
  }
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return { db: drizzlePglite({ client, schema }) as unknown as Db, dialect: 'pglite', close: () => client.close() };
}

/** A throwaway in-memory PGlite, for tests. */
export async function openMemoryDatabase(): Promise<Database> {
  const client = await PGlite.create();
  return { db: drizzlePglite({ client, schema }) as unknown as Db, dialect: 'pglite', close: () => client.close() };
}
