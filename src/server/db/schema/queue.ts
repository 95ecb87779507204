import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { QUEUE_EVENT_TYPES } from '../../../lib/api/contracts/queue.ts';

/**
 * The visit day's log: what happened at a doctor's desk on one Tehran day, append-only. The queue
 * every patient sees is rebuilt from these rows (queue/state.ts), so it can be audited and is the
 * same in every process. `seq` orders a doctor's day: taken under an advisory lock, and unique, so
 * two processes writing at once still leave one order.
 */
export const queueEvents = pgTable(
  'queue_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    doctorId: text('doctor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    type: text('type', { enum: QUEUE_EVENT_TYPES }).notNull(),
    appointmentKey: text('appointment_key'),
    /** For `delay`: minutes announced. */
    minutes: integer('minutes'),
    /** The desk (hospital API or CLI) or the patient's own check-in. */
    source: text('source', { enum: ['desk', 'patient'] }).notNull(),
    /** The hospital API key's name, or the account id for a patient's check-in. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('queue_events_doctor_day_seq_key').on(table.doctorId, table.day, table.seq),
    check('queue_events_type_check', sql`${table.type} in (${sql.raw(QUEUE_EVENT_TYPES.map((type) => `'${type}'`).join(', '))})`),
    check('queue_events_minutes_check', sql`${table.minutes} is null or (${table.minutes} >= 0 and ${table.minutes} <= 600)`),
  ],
);

/**
 * The visit-day SMS already sent, one row an appointment and kind: `ahead` ("N patients ahead of
 * you") and `delay:<minutes>` (the doctor's announced delay). The insert that succeeds sends, so a
 * message goes once however many processes see the change.
 */
export const queueNotices = pgTable(
  'queue_notices',
  {
    appointmentKey: text('appointment_key').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appointmentKey, table.kind] })],
);
