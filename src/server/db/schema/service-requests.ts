import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
