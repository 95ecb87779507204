import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { logError } from '../log.ts';
import { logPgliteTransactions, queryLogger } from './query-log.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** What repositories receive: the same query API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Set for PostgreSQL: migrations take an advisory lock on a connection of their own. */
  url?: string;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel`, from any process on the same database;
   * `onResync` after a lost listening connection came back (messages in between are lost: the
   * caller reloads what it shows). Resolves to the function that stops listening.
   */
  listen(channel: string, handlers: { onMessage: (payload: string) => void; onResync?: () => void }): Promise<() => Promise<void>>;
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
  /**
   * A file to append every statement to, with its parameters (`DB_QUERY_LOG`, set by the bench
   * only): without it no logger is installed and nothing is spent on it.
   */
  queryLog?: string | undefined;
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
  // Idle connections are kept (idleTimeoutMillis 0): with an idle timeout the pool arms a timer on
  // every release and clears it on the next checkout, a timer per query under load, to save at
  // most 10 connections per process while the portal is quiet.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: connectTimeoutMs, idleTimeoutMillis: 0, keepAlive: true });
  pool.on('error', (error) => logError('PostgreSQL connection lost (idle)', error));
  pool.on('connect', (client) => {
    client.on('error', (error) => logError('PostgreSQL connection lost (in use)', error));
  });
  return pool;
}

export async function openDatabase({ databaseUrl, dataDir, connectTimeoutMs, queryLog }: DatabaseOptions): Promise<Database> {
  const logger = queryLog ? queryLogger(queryLog) : undefined;
  if (databaseUrl) {
    const pool = createResilientPool(databaseUrl, connectTimeoutMs);
    // Fail at boot, not at the first request, when the server is unreachable.
    await pool.query('select 1');
    const listeners = new Set<() => Promise<void>>();
    return {
      db: drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }),
      dialect: 'postgres',
      url: databaseUrl,
      async listen(channel, handlers) {
        const stop = await listenOnPostgres(databaseUrl, channel, handlers);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      async close() {
        await Promise.allSettled([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir), queryLog);
}

function pgliteDatabase(client: PGlite, queryLog?: string): Database {
  const logger = queryLog ? queryLogger(queryLog) : undefined;
  if (logger) logPgliteTransactions(client, logger);
  return {
    db: drizzlePglite({ client, schema, ...(logger ? { logger } : {}) }),
    dialect: 'pglite',
    // One PGlite serves one process: its NOTIFY reaches its own listeners.
    async listen(channel, { onMessage }) {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** A throwaway in-memory PGlite, for tests; `queryLog` as in DatabaseOptions. */
export async function openMemoryDatabase(options: { queryLog?: string } = {}): Promise<Database> {
  return pgliteDatabase(await PGlite.create(), options.queryLog);
}

/** How long a lost LISTEN connection waits before it tries again, doubling up to the last. */
const LISTEN_RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries and lose it). A lost
 * connection (a restart, a failover) is opened again with back-off, and `onResync` tells the
 * caller that messages may have been missed.
 */
async function listenOnPostgres(url: string, channel: string, { onMessage, onResync }: { onMessage: (payload: string) => void; onResync?: () => void }): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const retry = (error: unknown) => {
      if (stopped || client !== next) return;
      client = undefined;
      logError('PostgreSQL LISTEN connection lost', error);
      next.end().catch(() => {});
      const wait = LISTEN_RETRY_MS[Math.min(failures++, LISTEN_RETRY_MS.length - 1)]!;
      setTimeout(() => {
        if (stopped) return;
        connect().then(
          () => onResync?.(),
          (reconnect: unknown) => retry(reconnect),
        );
      }, wait).unref();
    };
    client = next;
    next.on('error', retry);
    next.on('end', () => retry(new Error('connection ended')));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    failures = 0;
  };
  await connect();
  return async () => {
    stopped = true;
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
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
