import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { InvoiceItem } from '#lib/api/contracts/invoices.ts';
import { accounts } from './accounts.ts';

/**
 * A patient's request for a service at home or on request. `status` moves along
 * SERVICE_REQUEST_MOVES (lib/api/contracts/service-requests.ts) by a conditional update; every
 * move is a row of `service_request_events`, the history the patient sees.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SR-XXXXXX */
    key: text('key').notNull().unique('service_requests_key_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** The service's slug in the catalogue (src/content/services). */
    serviceId: text('service_id').notNull(),
    forSelf: boolean('for_self').notNull(),
    /** The patient's name when requested (the account's own, or the relative's). */
    patientFirstName: text('patient_first_name').notNull(),
    patientLastName: text('patient_last_name').notNull(),
    /** Only for a relative; the account's own code stays on the account. */
    patientNationalCode: text('patient_national_code'),
    /** A mobile (09…) or a landline with its area code. */
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The Tehran day asked for. */
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    preferredWindow: text('preferred_window', { enum: ['morning', 'afternoon', 'evening'] }).notNull(),
    notes: text('notes'),
    /** The e-prescription's tracking code (کد رهگیری نسخهٔ الکترونیک), when the patient gave one. */
    prescriptionCode: text('prescription_code'),
    status: text('status', { enum: ['submitted', 'reviewing', 'scheduled', 'in_progress', 'done', 'cancelled', 'rejected'] }).notNull(),
    /** The visit's time, once the hospital has set it. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('service_requests_account_id_created_at_idx').on(table.accountId, table.createdAt),
    check('service_requests_status_check', sql`${table.status} in ('submitted', 'reviewing', 'scheduled', 'in_progress', 'done', 'cancelled', 'rejected')`),
    check('service_requests_window_check', sql`${table.preferredWindow} in ('morning', 'afternoon', 'evening')`),
  ],
);

/** One move of a request: the timeline on /sr/request/{key}. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => serviceRequests.id),
    status: text('status').notNull(),
    note: text('note'),
    by: text('by', { enum: ['patient', 'hospital'] }).notNull(),
    /** For `scheduled`: the visit's time then. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('service_request_events_request_id_idx').on(table.requestId, table.id)],
);

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

/** Raw bytes (PostgreSQL `bytea`; a Buffer in Node, whichever driver). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A photo or PDF a patient sent with a service request (the paper prescription, a referral). Kept
 * in the database, not on disk: outside the web root, shared by every process, in every backup.
 * Uploaded first (`request_id` null) and attached when the request is filed; images are re-encoded
 * without their metadata (EXIF location) before they are stored.
 */
export const serviceRequestFiles = pgTable(
  'service_request_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The id the API shows: 128 random bits, base64url. */
    publicId: text('public_id').notNull().unique('service_request_files_public_id_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    requestId: bigint('request_id', { mode: 'number' }).references(() => serviceRequests.id),
    /** The patient's file name, cleaned (no path, no control characters), with the extension of its real type. */
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('service_request_files_request_id_idx').on(table.requestId),
    index('service_request_files_account_id_idx').on(table.accountId, table.createdAt),
    check('service_request_files_type_check', sql`${table.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
  ],
);
