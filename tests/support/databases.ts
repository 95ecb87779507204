import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, openMemoryDatabase, type Database } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';

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
