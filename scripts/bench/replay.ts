/**
 * Reads what the portal wrote to its query log (`DB_QUERY_LOG`, src/server/db/query-log.ts) and
 * replays recorded requests directly on a database: each request's statements in order, its
 * transactions as transactions, from `concurrency` callers at once, as the portal's requests would.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { LoggedStatement } from '../../src/server/db/query-log.ts';

export type { LoggedStatement };

/** The statements appended to `file` since byte `offset`, and the offset after them. */
export function readLogFrom(file: string, offset: number): { statements: LoggedStatement[]; offset: number } {
  const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= offset) return { statements: [], offset };
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  // A line still being written stays for the next read.
  const end = buffer.lastIndexOf(10) + 1;
  const statements = buffer
    .subarray(0, end)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedStatement);
  return { statements, offset: offset + end };
}

/** A request's statements cut into what runs alone and what runs as one transaction (`begin` … `commit`/`rollback`). */
export type Unit = { kind: 'statement'; statement: LoggedStatement } | { kind: 'transaction'; statements: LoggedStatement[]; rollback: boolean };

const word = (statement: LoggedStatement) => statement.sql.trim().toLowerCase();

export function unitsOf(statements: readonly LoggedStatement[]): Unit[] {
  const units: Unit[] = [];
  let open: LoggedStatement[] | undefined;
  for (const statement of statements) {
    const text = word(statement);
    if (open === undefined) {
      if (text === 'begin' || text.startsWith('begin ')) open = [];
      else units.push({ kind: 'statement', statement });
    } else if (text === 'commit' || text === 'rollback') {
      units.push({ kind: 'transaction', statements: open, rollback: text === 'rollback' });
      open = undefined;
    } else {
      open.push(statement);
    }
  }
  // A transaction the log cut short (the portal stopped mid-request) is left out.
  return units;
}

/** Where recorded requests are replayed: runs one request's units, throwing on the first statement that fails. */
export interface ReplayTarget {
  /** What it is, for the report (PGlite's one connection, or the pool's size). */
  name: string;
  run(units: readonly Unit[]): Promise<void>;
}

/** A rollback the replay asked for, not a failure. */
class Rollback extends Error {}

/**
 * PGlite in this process: statements outside a transaction each go to the one connection, a
 * transaction holds it, exactly as drizzle does it in the portal.
 */
export function pgliteTarget(client: PGlite): ReplayTarget {
  return {
    name: 'PGlite (one connection)',
    async run(units) {
      for (const unit of units) {
        if (unit.kind === 'statement') {
          await client.query(unit.statement.sql, unit.statement.params);
          continue;
        }
        await client
          .transaction(async (tx) => {
            for (const statement of unit.statements) await tx.query(statement.sql, statement.params);
            if (unit.rollback) throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }
    },
  };
}

/** A pg pool: a statement alone takes any connection, a transaction keeps one, as node-postgres under drizzle does. */
export function postgresTarget(pool: pg.Pool): ReplayTarget {
  return {
    name: `PostgreSQL (pool of ${pool.options.max})`,
    async run(units) {
      for (const unit of units) {
        if (unit.kind === 'statement') {
          await pool.query(unit.statement.sql, unit.statement.params);
          continue;
        }
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const statement of unit.statements) await client.query(statement.sql, statement.params);
          await client.query(unit.rollback ? 'rollback' : 'commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      }
    },
  };
}

export interface ReplayResult {
  /** Requests replayed per second of the measured time. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests whose statements failed (a conflict the recording did not meet, say); their time still counts. */
  errors: number;
  firstError: string | null;
  statementsPerRequest: number;
}

export interface ReplayOptions {
  concurrency: number;
  /** Go round the requests again and again for this long (reads); unset: each request once, in order (writes). */
  durationMs?: number;
  /** Replayed but not measured first, with `durationMs` only. */
  warmupMs?: number;
}

/**
 * Replays `requests` (each one request's statements) from `concurrency` callers, each taking the
 * next request when its last one ends, and measures each request from its first statement to its last.
 */
export async function replay(target: ReplayTarget, requests: ReadonlyArray<readonly LoggedStatement[]>, options: ReplayOptions): Promise<ReplayResult> {
  if (requests.length === 0) throw new Error('nothing recorded to replay');
  const units = requests.map((statements) => unitsOf(statements));
  const cycle = options.durationMs !== undefined;
  if (cycle && options.warmupMs) await runFor(target, units, options.concurrency, options.warmupMs, []);
  const times: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  await runFor(target, units, options.concurrency, cycle ? (options.durationMs ?? 0) : undefined, times, (error) => {
    errors++;
    firstError ??= error instanceof Error ? error.message : String(error);
  });
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  return {
    rps: times.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    requests: times.length,
    errors,
    firstError,
    statementsPerRequest: requests.reduce((total, statements) => total + statements.length, 0) / requests.length,
  };
}

async function runFor(
  target: ReplayTarget,
  units: Unit[][],
  concurrency: number,
  durationMs: number | undefined,
  times: number[],
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const deadline = durationMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + durationMs;
  let next = 0;
  const caller = async () => {
    while (performance.now() < deadline) {
      if (durationMs === undefined && next >= units.length) return;
      const request = units[next++ % units.length]!;
      const started = performance.now();
      try {
        await target.run(request);
      } catch (error) {
        onError(error);
      }
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
}

/** Nearest-rank percentile of sorted values, rounded to 0.01 ms (as load.ts). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 100) / 100;
}
