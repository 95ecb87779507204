import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, openDatabase, openMemoryDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { type RunningServer, startServer } from './server.ts';

/** An empty database of its own on the PostgreSQL server of `adminUrl`: its URL, and how to drop it. */
export async function createScratchPostgres(adminUrl: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The databases a server test runs on: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
export type ServerDatabase = 'embedded' | 'PostgreSQL';
export const SERVER_DATABASES: readonly ServerDatabase[] = ['embedded', ...(process.env.TEST_DATABASE_URL ? (['PostgreSQL'] as const) : [])];

/** A built portal started by startServerOn, and its scratch database when on PostgreSQL. */
export interface ServerOnDatabase {
  server: RunningServer;
  /** The scratch PostgreSQL database's URL; undefined on the embedded database. */
  databaseUrl: string | undefined;
  /** Stops the server, deletes its data directory and drops the scratch database. */
  dispose(): Promise<void>;
}

/**
 * Starts the built portal with `env` on `database`: its own embedded database, or a fresh scratch
 * database (DATABASE_URL) on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function startServerOn(database: ServerDatabase, env: Record<string, string>): Promise<ServerOnDatabase> {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  if (database === 'PostgreSQL') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('the PostgreSQL run needs TEST_DATABASE_URL');
    scratch = await createScratchPostgres(adminUrl);
  }
  let server: RunningServer;
  try {
    server = await startServer({ env: scratch ? { ...env, DATABASE_URL: scratch.url } : env });
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  return {
    server,
    databaseUrl: scratch?.url,
    async dispose() {
      try {
        await server.dispose();
      } finally {
        await scratch?.drop();
      }
    },
  };
}

/**
 * For the tests of a describe block: starts the portal on `database` with `env` before them (and
 * hands it to `started`), and disposes of it and its scratch database after them.
 */
export function withServerOn(database: ServerDatabase, env: Record<string, string>, started: (running: ServerOnDatabase) => void): void {
  let running: ServerOnDatabase | undefined;
  beforeAll(async () => {
    running = await startServerOn(database, env);
    started(running);
  });
  afterAll(() => running?.dispose());
}

/** A migrated, empty database of each kind the tests can reach, and how to throw it away. */
async function createPostgresDatabase(adminUrl: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const scratch = await createScratchPostgres(adminUrl);
  // Race tests queue up to 100 transactions on the pool's 10 connections: wait for one up to 60 s.
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', connectTimeoutMs: 60_000 });
  await migrateDatabase(database);
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Runs `suite` once on a fresh in-memory PGlite and, when TEST_DATABASE_URL is set, once more on a
 * fresh database of that PostgreSQL server: the same repository tests on both (DESIGN.md §7).
 */
export function describeEachDatabase(title: string, suite: (get: () => Database) => void): void {
  const kinds: Array<['pglite' | 'postgres', string | undefined]> = [['pglite', undefined]];
  if (process.env.TEST_DATABASE_URL) kinds.push(['postgres', process.env.TEST_DATABASE_URL]);
  for (const [kind, url] of kinds) {
    describe(`${title} [${kind}]`, () => {
      let database: Database | undefined;
      let drop: () => Promise<void> = async () => {};
      beforeAll(async () => {
        if (url) {
          ({ database, drop } = await createPostgresDatabase(url));
        } else {
          database = await openMemoryDatabase();
          await migrateDatabase(database);
          drop = () => database!.close();
        }
      });
      afterAll(() => drop());
      suite(() => {
        if (!database) throw new Error('database not ready');
        return database;
      });
    });
  }
}
