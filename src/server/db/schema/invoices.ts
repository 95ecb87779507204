import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { InvoiceItem } from '#lib/api/contracts/invoices.ts';
import { accounts } from './accounts.ts';
import { serviceRequests } from './service-requests.ts';

/**
 * An invoice the hospital issued to a patient's account. Its lines never change after
 * issue; `status` moves once, from unpaid to paid or void, by a conditional update under the row
 * lock. While the patient's bank payment is open, the wallet part waits in the "invoice holds"
 * ledger account (`paid_from_wallet`, `payment_id`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** IN-XXXXXX */
    key: text('key').notNull().unique('invoices_key_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    serviceRequestId: bigint('service_request_id', { mode: 'number' }).references(() => serviceRequests.id),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    /** Rials: Σ quantity × unit price, the insurer's and the discount's parts, and what the patient owes. */
    total: bigint('total', { mode: 'number' }).notNull(),
    insuranceTotal: bigint('insurance_total', { mode: 'number' }).notNull(),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull(),
    payable: bigint('payable', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['unpaid', 'paid', 'void'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The hospital key that issued it (audit). */
    issuedBy: text('issued_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Rials from the wallet: waiting in "invoice holds" while `payment_id` is open, revenue once paid. */
    paidFromWallet: bigint('paid_from_wallet', { mode: 'number' }).notNull().default(0),
    paidByBank: bigint('paid_by_bank', { mode: 'number' }).notNull().default(0),
    /** Settled through the public link (by a relative). */
    paidByLink: boolean('paid_by_link').notNull().default(false),
    /** The patient's open bank payment for the rest. */
    paymentId: text('payment_id'),
    /** The bank payment that settled it. */
    settledPaymentId: text('settled_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (table) => [
    index('invoices_account_id_issued_at_idx').on(table.accountId, table.issuedAt),
    index('invoices_service_request_id_idx').on(table.serviceRequestId),
    index('invoices_open_payment_idx').on(table.id).where(sql`${table.paymentId} is not null`),
    check('invoices_status_check', sql`${table.status} in ('unpaid', 'paid', 'void')`),
    check('invoices_amounts_check', sql`${table.payable} >= 0 and ${table.payable} <= ${table.total} and ${table.total} <= 10000000000000`),
    check('invoices_paid_check', sql`${table.paidFromWallet} >= 0 and ${table.paidByBank} >= 0 and ${table.paidFromWallet} + ${table.paidByBank} <= ${table.payable}`),
  ],
);

/**
 * A public link to an invoice (`/sr/invoice/<token>`): anyone holding it may see the invoice (name
 * masked) and pay it by bank. Only the token's SHA-256 is stored; it stops paying once the invoice
 * is paid or void.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    /** Hex SHA-256 of the 128-bit token. */
    tokenHash: text('token_hash').notNull().unique('invoice_links_token_hash_key'),
    /**
     * The random input the token is derived from under APP_SECRET (links.ts), so that the patient's
     * share can hand out the same link again; useless without the key. Null for links made before.
     */
    tokenNonce: text('token_nonce'),
    createdBy: text('created_by', { enum: ['patient', 'hospital'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when the patient revokes the link: it opens nothing from then on. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('invoice_links_invoice_id_idx').on(table.invoiceId)],
);
