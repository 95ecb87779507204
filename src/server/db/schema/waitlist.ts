import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { PARTS_OF_DAY, WAITLIST_STATUSES } from '../../../lib/api/contracts/waitlist.ts';
import { accounts } from './accounts.ts';
import { appointments } from './appointments.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** Offer statuses: `live` (held for the patient, unanswered), `accepted` (now their hold, unpaid), `booked` (paid); the rest ended. */
export const OFFER_STATUSES = ['live', 'accepted', 'booked', 'declined', 'lapsed', 'withdrawn'] as const;
/** Offers that still keep their slot for the patient: one per slot, one per entry (the indexes below). */
export const OPEN_OFFER_STATUSES = ['live', 'accepted'] as const;
/** Entries still in line. */
export const OPEN_ENTRY_STATUSES = ['waiting', 'offered'] as const;

/**
 * A patient waiting for a slot of a full doctor (spec/api.md «Waitlist»): a Tehran day range and a
 * part of the day. Entries of a doctor are served in the order they joined (`id`). `person_code`
 * is the national code of whom the visit is for (the account's own, or the relative's), so one
 * person is skipped on a day they already have with that doctor, whichever account booked it.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** WL-XXXXXX */
    key: text('key').notNull().unique('waitlist_entries_key_key'),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    doctorId: text('doctor_id').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    partOfDay: text('part_of_day', { enum: PARTS_OF_DAY }).notNull(),
    forSelf: boolean('for_self').notNull(),
    patientFirstName: text('patient_first_name').notNull(),
    patientLastName: text('patient_last_name').notNull(),
    /** Only for a relative (as on appointments). */
    patientNationalCode: text('patient_national_code'),
    /** Whom the visit is for: the account's own code or the relative's. */
    personCode: text('person_code').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull(),
    /** The address the entry was made from: entries are limited per address too. */
    joinedFrom: text('joined_from'),
    /** The doctor's first free start when the patient joined (none within the booking window: null): what "days gained" is measured against. */
    firstFreeAt: timestamp('first_free_at', { withTimezone: true }),
    /** Offers that lapsed unanswered in a row: the entry ends after WAITLIST_LAPSES_TO_END of them. */
    lapses: integer('lapses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // The line of a doctor, in order of joining.
    index('waitlist_entries_doctor_open_idx')
      .on(table.doctorId, table.id)
      .where(sql`${table.status} in (${inList(OPEN_ENTRY_STATUSES)})`),
    index('waitlist_entries_account_idx').on(table.accountId),
    index('waitlist_entries_joined_from_idx')
      .on(table.joinedFrom)
      .where(sql`${table.status} in (${inList(OPEN_ENTRY_STATUSES)})`),
    // One open entry per account, doctor and person: a second join changes nothing but the line.
    uniqueIndex('waitlist_entries_one_open_key')
      .on(table.accountId, table.doctorId, table.personCode)
      .where(sql`${table.status} in (${inList(OPEN_ENTRY_STATUSES)})`),
    check('waitlist_entries_status_check', sql`${table.status} in (${inList(WAITLIST_STATUSES)})`),
    check('waitlist_entries_part_check', sql`${table.partOfDay} in (${inList(PARTS_OF_DAY)})`),
    check('waitlist_entries_range_check', sql`${table.toDay} >= ${table.fromDay}`),
  ],
);

/**
 * A freed slot offered to one entry. The offer's slot is held by an appointment row in status
 * `offered` (the appointments' unique slot index keeps everyone else out); accepting turns that row
 * into the patient's hold. The database keeps the waitlist's promises: one open offer per slot, one
 * per entry, and a slot offered to an entry at most once.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => waitlistEntries.id),
    doctorId: text('doctor_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .notNull()
      .references(() => appointments.id),
    status: text('status', { enum: OFFER_STATUSES }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Declined, lapsed, withdrawn or booked. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The offer's SMS was claimed for sending (at most once). */
    smsClaimedAt: timestamp('sms_claimed_at', { withTimezone: true }),
  },
  (table) => [
    unique('waitlist_offers_once_per_entry_key').on(table.entryId, table.doctorId, table.startsAt),
    uniqueIndex('waitlist_offers_one_open_per_slot_key')
      .on(table.doctorId, table.startsAt)
      .where(sql`${table.status} in (${inList(OPEN_OFFER_STATUSES)})`),
    uniqueIndex('waitlist_offers_one_open_per_entry_key')
      .on(table.entryId)
      .where(sql`${table.status} in (${inList(OPEN_OFFER_STATUSES)})`),
    index('waitlist_offers_appointment_idx').on(table.appointmentId),
    index('waitlist_offers_live_expires_idx').on(table.expiresAt).where(sql`${table.status} = 'live'`),
    check('waitlist_offers_status_check', sql`${table.status} in (${inList(OFFER_STATUSES)})`),
  ],
);

/**
 * What the waitlist last saw of a doctor's bookable slots: the booking window's end and the
 * schedule's fingerprint. Slots beyond `seen_until` (the window moved on) or under a changed
 * schedule are new, and go to waiting patients before anyone else.
 */
export const waitlistScans = pgTable('waitlist_scans', {
  doctorId: text('doctor_id').primaryKey(),
  seenUntil: timestamp('seen_until', { withTimezone: true }).notNull(),
  scheduleFingerprint: text('schedule_fingerprint').notNull(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
});
