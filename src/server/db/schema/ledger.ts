import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The ledger's accounts (DESIGN.md §5, double-entry): one wallet per patient account, created on its
 * first movement, and the hospital's own accounts (`system`). `balance` is the cached sum of the
 * account's transfers, updated in the same transaction as each transfer; a wallet's never goes
 * below zero (the CHECK), so no concurrency can overdraw it. The balances of all accounts sum to zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'wallet:<account id>' or a system account's name (server/ledger/accounts.ts). */
    code: text('code').notNull().unique('ledger_accounts_code_key'),
    kind: text('kind', { enum: ['wallet', 'system'] }).notNull(),
    /** The patient's account, for a wallet. */
    accountId: bigint('account_id', { mode: 'number' })
      .unique('ledger_accounts_account_id_key')
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** Rials. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_accounts_kind_check', sql`${table.kind} in ('wallet', 'system')`),
    check('ledger_accounts_wallet_not_negative', sql`${table.kind} <> 'wallet' or ${table.balance} >= 0`),
    check('ledger_accounts_wallet_has_owner', sql`(${table.kind} = 'wallet') = (${table.accountId} is not null)`),
  ],
);

/**
 * Every movement of money: `amount` rials from one account to another, immutable (a trigger refuses
 * UPDATE and DELETE; a mistake is undone by a transfer back). Both balances after the transfer are
 * kept, so a wallet's statement shows its balance after each entry.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fromAccountId: bigint('from_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: bigint('to_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** charge, payment, refund, withdrawal, withdrawal_reversal, withdrawal_payout … */
    type: text('type').notNull(),
    /** Persian, shown on the patient's statement. */
    description: text('description').notNull(),
    /** The payment id, withdrawal key, appointment or invoice key the movement belongs to. */
    reference: text('reference'),
    fromBalanceAfter: bigint('from_balance_after', { mode: 'number' }).notNull(),
    toBalanceAfter: bigint('to_balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ledger_transfers_from_account_idx').on(table.fromAccountId, table.id),
    index('ledger_transfers_to_account_idx').on(table.toAccountId, table.id),
    check('ledger_transfers_amount_check', sql`${table.amount} > 0 and ${table.amount} <= 10000000000000`),
    check('ledger_transfers_two_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);
