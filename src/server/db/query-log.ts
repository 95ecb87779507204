import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';

/**
 * One statement as the database received it, a line of the query log (`DB_QUERY_LOG`): the bench
 * (scripts/bench/sql-ceiling.ts) reads what one request ran and replays it directly on the database.
 * `begin`, `commit` and `rollback` are logged as statements, on PGlite too, where the driver sends
 * them itself.
 */
export interface LoggedStatement {
  sql: string;
  params: unknown[];
  /**
   * The `X-Query-Log-Tag` header of the HTTP request that ran it ('' without one); absent for
   * what no request ran (the job runner, pruning): the bench tells its requests apart by it.
   */
  request?: string;
}

/** Request header naming a request in the query log. */
export const QUERY_LOG_TAG_HEADER = 'x-query-log-tag';

const requestTag = new AsyncLocalStorage<string>();
let followingRequests = false;

/**
 * Node announces each HTTP request on a diagnostics channel, synchronously, just before the
 * server's `request` event: entering the tag there makes everything the handler does carry it.
 */
function followRequests(): void {
  if (followingRequests) return;
  followingRequests = true;
  subscribe('http.server.request.start', (message) => {
    const tag = (message as { request: IncomingMessage }).request.headers[QUERY_LOG_TAG_HEADER];
    requestTag.enterWith(typeof tag === 'string' ? tag : '');
  });
}

/** JSON has no bigint; PostgreSQL reads the decimal text the same. */
const jsonValue = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Appends each statement to `file`, synchronously so that the lines keep the order the statements ran in. */
export function queryLogger(file: string): Logger {
  followRequests();
  return {
    logQuery(sql, params) {
      const line: LoggedStatement = { sql, params, request: requestTag.getStore() };
      appendFileSync(file, `${JSON.stringify(line, jsonValue)}\n`);
    },
  };
}

/**
 * PGlite begins and ends a transaction without drizzle's logger: log the boundaries around the
 * callback (the commit line is written just before PGlite sends it).
 */
export function logPgliteTransactions(client: PGlite, logger: Logger): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      logger.logQuery('begin', []);
      try {
        const result = await callback(tx);
        logger.logQuery('commit', []);
        return result;
      } catch (error) {
        logger.logQuery('rollback', []);
        throw error;
      }
    });
}
