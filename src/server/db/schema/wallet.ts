import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** A patient's request to have wallet money paid to their bank account (شبا); the hospital settles it. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** WD-XXXXXX, what the patient and the hospital see. */
    key: text('key').notNull().unique('withdrawals_key_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The 24 digits after IR. */
    iban: text('iban').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    bankReference: text('bank_reference'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawals_account_id_created_at_idx').on(table.accountId, table.createdAt),
    index('withdrawals_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('withdrawals_amount_check', sql`${table.amount} > 0 and ${table.amount} <= 10000000000000`),
    check('withdrawals_status_check', sql`${table.status} in ('pending', 'paid', 'rejected', 'cancelled')`),
    check('withdrawals_iban_check', sql`${table.iban} ~ '^[0-9]{24}$'`),
  ],
);
