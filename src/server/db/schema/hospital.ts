import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The hospital API's `Idempotency-Key`s (spec/api.md "Hospital side"). A POST inserts its row
 * before it runs (`state` 'running'); the unique index lets only one of concurrent duplicates in.
 * The answer is kept once the call ends, and replayed to the same key name and Idempotency-Key
 * for 24 hours (then pruned).
 */
export const hospitalIdempotency = pgTable(
  'hospital_idempotency',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The API key's name (HOSPITAL_API_KEYS); keys never share each other's answers. */
    keyName: text('key_name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and validated body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    /** The JSON answer as sent. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('hospital_idempotency_key_name_idempotency_key_idx').on(table.keyName, table.idempotencyKey), index('hospital_idempotency_created_at_idx').on(table.createdAt)],
);

/** Every call on the hospital API, refused ones included: who, what, when, and the answer's status. */
export const hospitalAudit = pgTable(
  'hospital_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The API key's name; null when the call had no known key (401). */
    keyName: text('key_name'),
    method: text('method').notNull(),
    /** The path with its query string. */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    idempotencyKey: text('idempotency_key'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('hospital_audit_created_at_idx').on(table.createdAt), index('hospital_audit_key_name_created_at_idx').on(table.keyName, table.createdAt)],
);
