import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Events counted by limits that must hold across processes (server/limits): a notification SMS
 * per phone, a hold refused per phone, a public link opened per address. One row an event;
 * `bucket` names the limit, `subject` what it counts (a phone, an address, a result).
 */
export const limitEvents = pgTable(
  'limit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('limit_events_bucket_subject_at_idx').on(table.bucket, table.subject, table.at), index('limit_events_at_idx').on(table.at)],
);
