import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** Statuses that occupy a slot (the partial unique index below). */
export const SLOT_OCCUPYING_STATUSES = ['held', 'awaiting_payment', 'confirmed', 'offered'] as const;

/**
 * A booking of one doctor's slot. A row is born `held` for HOLD_MINUTES, becomes
 * `awaiting_payment` while the bank has it (until the payment expires), then `confirmed`; or
 * `expired` (released) / `cancelled`. `completed` is not stored: a confirmed visit in the past.
 * `offered`: a freed slot kept for a waitlist patient (waitlist_offers) until they accept (it
 * becomes `held`), decline or let it lapse (`expired`); the patient's own calls do not see it.
 *
 * The database makes a double booking impossible: one active row per (doctor, start), and one
 * unconfirmed row per account. A hold past its `expires_at` still sits in the index until the
 * next hold of that slot (or the release job) marks it expired, in that hold's own transaction.
 * `doctor_id` and `clinic_id` are catalogue slugs (decision 010).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** AP-XXXXXX */
    key: text('key').notNull().unique('appointments_key_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    doctorId: text('doctor_id').notNull(),
    clinicId: text('clinic_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The slot's number within its session. */
    turn: integer('turn').notNull(),
    /** Rials, the doctor's fee when held. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired', 'offered'] }).notNull(),
    /** While held or awaiting payment: when the slot is released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    forSelf: boolean('for_self').notNull(),
    /** The patient's name when held (the account's own, or the relative's). */
    patientFirstName: text('patient_first_name'),
    patientLastName: text('patient_last_name'),
    /** Only for a relative; the account's own code stays on the account. */
    patientNationalCode: text('patient_national_code'),
    /** Rials taken from the wallet: kept in "appointment holds" while awaiting the bank, then revenue. */
    paidFromWallet: bigint('paid_from_wallet', { mode: 'number' }).notNull().default(0),
    paidByBank: bigint('paid_by_bank', { mode: 'number' }).notNull().default(0),
    /** The bank payment opened for the rest of the fee. */
    paymentId: text('payment_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['patient', 'hospital'] }),
    cancelReason: text('cancel_reason'),
    /** Rials returned to the wallet when cancelled or released. */
    refunded: bigint('refunded', { mode: 'number' }),
    /**
     * The address the hold was made from: open holds are limited per address as well as per phone
     * (HOLD_LIMIT_PER_ADDRESS). Null for rows made without one (the hospital's own tools).
     */
    heldFrom: text('held_from'),
    /** Times the visit was moved (rescheduled): the calendar file's SEQUENCE counts its revisions. */
    moves: integer('moves').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('appointments_active_slot_key').on(table.doctorId, table.startsAt).where(sql`${table.status} in ('held', 'awaiting_payment', 'confirmed', 'offered')`),
    uniqueIndex('appointments_one_hold_per_account_key').on(table.accountId).where(sql`${table.status} in ('held', 'awaiting_payment')`),
    index('appointments_account_id_starts_at_idx').on(table.accountId, table.startsAt),
    index('appointments_doctor_id_starts_at_idx').on(table.doctorId, table.startsAt),
    // A person's other visits, for the overlap check of a hold for a relative (booking/repository.ts).
    index('appointments_patient_national_code_starts_at_idx').on(table.patientNationalCode, table.startsAt).where(sql`${table.patientNationalCode} is not null`),
    index('appointments_unconfirmed_held_from_idx').on(table.heldFrom).where(sql`${table.status} in ('held', 'awaiting_payment')`),
    index('appointments_unconfirmed_expires_at_idx').on(table.expiresAt).where(sql`${table.status} in ('held', 'awaiting_payment')`),
    check('appointments_status_check', sql`${table.status} in ('held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired', 'offered')`),
    check('appointments_fee_check', sql`${table.fee} >= 0 and ${table.fee} <= 10000000000000`),
    check('appointments_paid_check', sql`${table.paidFromWallet} >= 0 and ${table.paidByBank} >= 0 and ${table.paidFromWallet} + ${table.paidByBank} <= ${table.fee}`),
    check('appointments_times_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('appointments_unconfirmed_expire', sql`${table.status} not in ('held', 'awaiting_payment', 'offered') or ${table.expiresAt} is not null`),
  ],
);

/**
 * A doctor's leave, filed by the hospital (`POST /doctors/{id}/leaves`): no slots inside [starts_at, ends_at),
 * until it is withdrawn (`withdrawn_at`; the row stays for the audit).
 */
export const doctorLeaves = pgTable(
  'doctor_leaves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    doctorId: text('doctor_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [index('doctor_leaves_doctor_id_ends_at_idx').on(table.doctorId, table.endsAt), check('doctor_leaves_times_check', sql`${table.endsAt} > ${table.startsAt}`)],
);
