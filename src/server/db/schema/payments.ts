import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

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
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
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
    payer: text('payer', { enum: ['account', 'link'] })
      .notNull()
      .default('account'),
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
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] })
      .notNull()
      .default('pending'),
    cardPan: text('card_pan'),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sandbox_bank_sessions_ref_id_key').on(table.refId)],
);
