import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { logError } from '../log.ts';
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
  /**
   * How long a query waits for one of the pool's 10 connections (default 5 s, then 503). Tests that
   * queue 50 or 100 transactions on one row lock on a loaded machine wait longer on purpose.
   */
  connectTimeoutMs?: number;
}

/** How long a request waits for a connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A pg pool that outlives its server: a restart, a failover, an idle timeout or
 * `pg_terminate_backend` kills connections, and node-postgres reports that as an `error` event on
 * the pool (idle connections) or on the client (connections in use). Unhandled, either ends the
 * process. Here both are logged; the dead connection leaves the pool, the request that used it
 * fails (answered 503), and the next request opens a new connection once the server is back.
 */
function createResilientPool(connectionString: string, connectTimeoutMs = CONNECT_TIMEOUT_MS): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
  pool.on('error', (error) => logError('PostgreSQL connection lost (idle)', error));
  pool.on('connect', (client) => {
    client.on('error', (error) => logError('PostgreSQL connection lost (in use)', error));
  });
  return pool;
}

export async function openDatabase({ databaseUrl, dataDir, connectTimeoutMs }: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = createResilientPool(databaseUrl, connectTimeoutMs);
    // Fail at boot, not at the first request, when the server is unreachable.
    await pool.query('select 1');
    return { db: drizzlePg({ client: pool, schema }), dialect: 'postgres', url: databaseUrl, close: () => pool.end() };
  }
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return { db: drizzlePglite({ client, schema }), dialect: 'pglite', close: () => client.close() };
}

/** A throwaway in-memory PGlite, for tests. */
export async function openMemoryDatabase(): Promise<Database> {
  const client = await PGlite.create();
  return { db: drizzlePglite({ client, schema }), dialect: 'pglite', close: () => client.close() };
}

/** Whether the database answers a trivial query now; for `/api/health`. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
