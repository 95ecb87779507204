import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * A payment through the bank gateway. The row exists before the patient leaves for the bank, with
 * our amount; its id (≥ 128 random bits) is the capability in /go-to-bank and /return-bank URLs.
 * `status` moves once, from pending to paid, failed or expired, by a conditional update.
 */
export const payments = pgTable(
  'payments',
  {
    /** 22 characters of base64url: 128 random bits. */
    id: text('id').primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    purpose: text('purpose', { enum: ['wallet_charge', 'appointment', 'invoice'] }).notNull(),
    /** The appointment or invoice key. */
    target: text('target'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    gateway: text('gateway', { enum: ['sandbox', 'zarinpal'] }).notNull(),
    /** The gateway's id for the payment, once registered there. */
    authority: text('authority').unique('payments_authority_key'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired'] }).notNull().default('pending'),
    refId: text('ref_id'),
    /** Masked by the gateway or by us; never the whole number. */
    cardPan: text('card_pan'),
    /** Why it failed, for the operator (a gateway code); never shown raw. */
    failure: text('failure'),
    /** Where the receipt leads back to (a path on this site). */
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it failed or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The sweeper's lease: the last time a process took it to verify. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * Paid for an appointment or invoice that was no longer waiting for it (the hold expired, the
     * invoice was settled): the money went to the patient's wallet instead, and the receipt says so.
     */
    creditedToWallet: boolean('credited_to_wallet').notNull().default(false),
    /**
     * Who pays: the account's holder (`account`), or anyone holding an invoice's public link
     * (`link`: the account is the invoice's, but the money is a stranger's and never enters a wallet).
     */
    payer: text('payer', { enum: ['account', 'link'] }).notNull().default('account'),
    /**
     * A link payment that came after its invoice was settled: the money is owed back to the card it
     * came from ("payer refunds" in the ledger) and the receipt says so.
     */
    returnedToPayer: boolean('returned_to_payer').notNull().default(false),
    /** When the hospital sent a returned link payment back to the card, and the bank's reference. */
    payerRefundedAt: timestamp('payer_refunded_at', { withTimezone: true }),
    payerRefundReference: text('payer_refund_reference'),
  },
  (table) => [
    index('payments_account_id_created_at_idx').on(table.accountId, table.createdAt),
    index('payments_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    index('payments_returned_to_payer_idx').on(table.paidAt).where(sql`${table.returnedToPayer}`),
    check('payments_amount_check', sql`${table.amount} > 0 and ${table.amount} <= 10000000000000`),
    check('payments_status_check', sql`${table.status} in ('pending', 'paid', 'failed', 'expired')`),
    check('payments_purpose_check', sql`${table.purpose} in ('wallet_charge', 'appointment', 'invoice')`),
    check('payments_payer_check', sql`${table.payer} in ('account', 'link') and (${table.payer} = 'account' or ${table.purpose} = 'invoice')`),
  ],
);

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
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled'] }).notNull().default('pending'),
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

/**
 * The built-in simulated bank's own book (PAYMENT_GATEWAY=sandbox): what it was asked to collect and
 * whether the patient paid. Our verify asks it, as it would ask a real bank; a callback saying
 * Status=OK changes nothing here.
 */
export const sandboxBankSessions = pgTable(
  'sandbox_bank_sessions',
  {
    authority: text('authority').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    callbackUrl: text('callback_url').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull().default('pending'),
    cardPan: text('card_pan'),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sandbox_bank_sessions_ref_id_key').on(table.refId)],
);
