import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { startOfTehranDay } from '#lib/appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { accounts } from '../db/schema/accounts.ts';
import { appointments, doctorLeaves } from '../db/schema/appointments.ts';
import { payments } from '../db/schema/payments.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;
export type LeaveRow = typeof doctorLeaves.$inferSelect;

export const APPOINTMENT_KEY_CONSTRAINT = 'appointments_key_key';
/** The partial unique index that makes a double booking impossible. */
export const ACTIVE_SLOT_CONSTRAINT = 'appointments_active_slot_key';

const UNCONFIRMED = ['held', 'awaiting_payment'] as const;

/** A row that is the person's at `now`: confirmed, or held / awaiting payment and not yet expired. */
const occupiesAt = (now: Date | Placeholder) => or(eq(appointments.status, 'confirmed'), and(inArray(appointments.status, UNCONFIRMED), gt(appointments.expiresAt, now)));
/**
 * A row that keeps its slot from everyone else at `now`: the person's rows, and a slot offered to a
 * waitlist patient (until the waitlist passes it on, even past its time: it goes to the next patient
 * in line, not to whoever asks first).
 */
const keepsSlotAt = (now: Date | Placeholder) => or(occupiesAt(now), eq(appointments.status, 'offered'));
/** A patient's own calls never see an offered row: it is the waitlist's until they accept it. */
const notOffered = ne(appointments.status, 'offered');

export async function insertAppointment(db: Db, values: NewAppointment): Promise<AppointmentRow> {
  const [row] = await db.insert(appointments).values(values).returning();
  return row!;
}

/** The account's appointment by key, locked for the caller's transaction. */
export async function lockAppointmentOf(db: Db, accountId: number, key: string): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.key, key), eq(appointments.accountId, accountId), notOffered))
    .for('update');
  return row;
}

/** Any appointment row by id, offered ones included (the waitlist's), locked for the caller's transaction. */
export async function lockAppointmentById(db: Db, id: number): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function lockAppointment(db: Db, key: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.key, key)).for('update');
  return row;
}

export async function findAppointmentOf(db: Db, accountId: number, key: string): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.key, key), eq(appointments.accountId, accountId), notOffered));
  return row;
}

export async function findAppointment(db: Db, key: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.key, key));
  return row;
}

/** Rows still in the slot index although their time ran out (`now`), locked: the caller releases them. */
export async function lockStaleInSlot(db: Db, doctorId: string, startsAt: Date, now: Date): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.startsAt, startsAt), inArray(appointments.status, UNCONFIRMED), lte(appointments.expiresAt, now)))
    .for('update');
}

/**
 * The account whose row keeps the slot (doctor, start) from everyone else at `now`, if any, and
 * that row's status. Unlocked and possibly stale the moment it is read: a quick answer for a slot
 * that is plainly taken; the slot index still decides every insert.
 */
export async function keeperOfSlot(db: Db, doctorId: string, startsAt: Date, now: Date): Promise<{ accountId: number; status: AppointmentRow['status'] } | undefined> {
  // Placeholders are handed to the driver as given: the ISO text the columns themselves would send.
  const [row] = await keeperQuery(db).execute({ doctorId, startsAt: startsAt.toISOString(), now: now.toISOString() });
  return row;
}

/*
 * The statements of a refused hold and of a slots read, built once per database (as the session's
 * is): in a crowd at opening hour every request runs one, and building drizzle's SQL each time
 * was about a tenth of a slots read's CPU, profiled.
 */
const keeperQuery = perDatabase((db: Db) =>
  db
    .select({ accountId: appointments.accountId, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.doctorId, sql.placeholder('doctorId')), eq(appointments.startsAt, sql.placeholder('startsAt')), keepsSlotAt(sql.placeholder('now'))))
    .limit(1)
    .prepare('keeper_of_slot'),
);

const occupiedQuery = perDatabase((db: Db) =>
  db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, sql.placeholder('doctorId')),
        gte(appointments.startsAt, sql.placeholder('from')),
        lt(appointments.startsAt, sql.placeholder('to')),
        keepsSlotAt(sql.placeholder('now')),
      ),
    )
    .prepare('occupied_starts'),
);

/** The account's unconfirmed rows (at most one, by the index), locked. */
export async function lockUnconfirmedOf(db: Db, accountId: number): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.accountId, accountId), inArray(appointments.status, UNCONFIRMED)))
    .for('update');
}

/**
 * Work for the release job: unconfirmed rows whose time ran out, and rows another hold released
 * whose wallet money has not gone back yet (`refunded` null). Keys and owners only, unlocked: the
 * job locks each owner's wallet, then the row, as every booking change does.
 */
export async function rowsToRelease(db: Db, now: Date, limit: number): Promise<Array<{ key: string; accountId: number }>> {
  return db
    .select({ key: appointments.key, accountId: appointments.accountId })
    .from(appointments)
    .where(
      or(
        and(inArray(appointments.status, UNCONFIRMED), lte(appointments.expiresAt, now)),
        and(eq(appointments.status, 'expired'), isNull(appointments.refunded), gt(appointments.paidFromWallet, 0)),
      ),
    )
    .orderBy(asc(appointments.expiresAt))
    .limit(limit);
}

export async function updateAppointment(db: Db, id: number, changes: Partial<NewAppointment>): Promise<AppointmentRow> {
  const [row] = await db.update(appointments).set(changes).where(eq(appointments.id, id)).returning();
  return row!;
}

/** Starts of the doctor's slots occupied at `now` in [from, to). */
export async function occupiedStarts(db: Db, { doctorId, from, to, now }: { doctorId: string; from: Date; to: Date; now: Date }): Promise<Set<number>> {
  const rows = await occupiedQuery(db).execute({ doctorId, from: from.toISOString(), to: to.toISOString(), now: now.toISOString() });
  return new Set(rows.map((row) => row.startsAt.getTime()));
}

export type AppointmentScope = 'upcoming' | 'past' | 'cancelled';

/** A confirmed visit stays upcoming for the whole of its Tehran day: a doctor running late still sees the patient. */
function scopeFilter(scope: AppointmentScope, now: Date) {
  const today = startOfTehranDay(now);
  if (scope === 'upcoming')
    return or(
      and(eq(appointments.status, 'confirmed'), or(gt(appointments.endsAt, now), gte(appointments.startsAt, today))),
      and(inArray(appointments.status, UNCONFIRMED), gt(appointments.expiresAt, now)),
    );
  if (scope === 'past') return and(eq(appointments.status, 'confirmed'), lte(appointments.endsAt, now), lt(appointments.startsAt, today));
  return eq(appointments.status, 'cancelled');
}

export async function listAppointmentsOf(
  db: Db,
  { accountId, scope, now, page }: { accountId: number; scope: AppointmentScope; now: Date; page: { limit: number; offset: number } },
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const where = and(eq(appointments.accountId, accountId), scopeFilter(scope, now));
  const order = scope === 'upcoming' ? asc(appointments.startsAt) : scope === 'past' ? desc(appointments.startsAt) : desc(appointments.cancelledAt);
  const [rows, [total]] = await Promise.all([
    db.select().from(appointments).where(where).orderBy(order, desc(appointments.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(appointments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A doctor's appointments that a leave over [from, to) touches: confirmed, held and not expired, or offered. */
export async function activeInRange(db: Db, { doctorId, from, to, now }: { doctorId: string; from: Date; to: Date; now: Date }): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), lt(appointments.startsAt, to), gt(appointments.endsAt, from), keepsSlotAt(now)))
    .orderBy(asc(appointments.startsAt));
}

/** The confirmed appointments starting in [from, to), every doctor, for the desk. */
export async function confirmedBetween(db: Db, from: Date, to: Date, doctorId?: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.status, 'confirmed'), sql`${appointments.startsAt} >= ${from}`, lt(appointments.startsAt, to), doctorId ? eq(appointments.doctorId, doctorId) : undefined))
    .orderBy(asc(appointments.startsAt), asc(appointments.doctorId));
}

export async function insertLeave(db: Db, values: typeof doctorLeaves.$inferInsert): Promise<LeaveRow> {
  const [row] = await db.insert(doctorLeaves).values(values).returning();
  return row!;
}

/** The doctor's leaves in force (not withdrawn) overlapping [from, to). */
export async function leavesOverlapping(db: Db, doctorId: string, from: Date, to: Date): Promise<LeaveRow[]> {
  return db
    .select()
    .from(doctorLeaves)
    .where(and(eq(doctorLeaves.doctorId, doctorId), lt(doctorLeaves.startsAt, to), gt(doctorLeaves.endsAt, from), isNull(doctorLeaves.withdrawnAt)));
}

/** The doctor's leave `leaveId`, withdrawn or not, locked; undefined for another doctor's or an unknown one. */
export async function lockLeaveOf(db: Db, doctorId: string, leaveId: number): Promise<LeaveRow | undefined> {
  const [row] = await db
    .select()
    .from(doctorLeaves)
    .where(and(eq(doctorLeaves.id, leaveId), eq(doctorLeaves.doctorId, doctorId)))
    .for('update');
  return row;
}

/** Marks the leave withdrawn at `at`; its row stays for the audit. */
export async function markLeaveWithdrawn(db: Db, leaveId: number, at: Date): Promise<LeaveRow> {
  const [row] = await db.update(doctorLeaves).set({ withdrawnAt: at }).where(eq(doctorLeaves.id, leaveId)).returning();
  return row!;
}

/**
 * Serialises holds and leaves of one doctor: a hold takes it shared (holds do not wait for each
 * other), a leave exclusive, so no hold slips into a leave between the leave's check and its insert.
 */
export async function lockDoctorSchedule(db: Db, doctorId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const fn = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await db.execute(sql`select ${fn}(hashtextextended(${`doctor-schedule:${doctorId}`}, 0))`);
}

/** What a receipt names of a bank payment. */
export type ReceiptPayment = { id: string; refId: string | null; cardPan: string | null };

/** The bank payments of `ids` that were paid, by id (for the appointments' receipts). */
export async function paidPaymentsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ReceiptPayment>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.id, refId: payments.refId, cardPan: payments.cardPan })
    .from(payments)
    .where(and(inArray(payments.id, [...new Set(ids)]), eq(payments.status, 'paid')));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The phone and national code of an account, or undefined. */
export async function identityOfAccount(db: Db, accountId: number): Promise<{ phone: string; nationalCode: string } | undefined> {
  const [row] = await db.select({ phone: accounts.phoneNumber, nationalCode: accounts.internationalCode }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** An appointment of a person that a new slot would overlap, with the phone of the account that holds it. */
export type PersonBusy = AppointmentRow & { ownerPhone: string };

/**
 * The appointments of the person with national code `nationalCode` (booked for themself by their
 * own account, or for them by any account) that occupy a time overlapping [from, to) at `now`:
 * confirmed, or held / awaiting payment and not lapsed. `except`: a row of theirs to leave out (the
 * one being moved). The caller holds the person's lock (`lockPerson`), so the answer stays true.
 */
export async function personBusyBetween(db: Db, { nationalCode, from, to, now, except }: { nationalCode: string; from: Date; to: Date; now: Date; except?: number }): Promise<PersonBusy[]> {
  const [own] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.internationalCode, nationalCode));
  // Two indexed ways in: the person's own account's rows for themself, and rows naming their code.
  const theirs = own
    ? or(and(eq(appointments.accountId, own.id), eq(appointments.forSelf, true)), eq(appointments.patientNationalCode, nationalCode))
    : eq(appointments.patientNationalCode, nationalCode);
  const rows = await db
    .select({ row: appointments, ownerPhone: accounts.phoneNumber })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .where(and(theirs, lt(appointments.startsAt, to), gt(appointments.endsAt, from), occupiesAt(now), except === undefined ? undefined : sql`${appointments.id} <> ${except}`))
    .orderBy(asc(appointments.startsAt));
  return rows.map(({ row, ownerPhone }) => ({ ...row, ownerPhone }));
}

/**
 * Serialises everything that gives one person (a national code) a time: holds and moves of their
 * appointments, from any account or phone, run one after another, so two overlapping ones cannot
 * both pass the overlap check. Taken before any appointment row lock.
 */
export async function lockPerson(db: Db, nationalCode: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking-person:${nationalCode}`}, 0))`);
}

/** The phone of an account (the one its owner logs in with), or undefined. */
export async function phoneOfAccount(db: Db, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: accounts.phoneNumber }).from(accounts).where(eq(accounts.id, accountId));
  return row?.phone;
}

const openAt = (now: Date) => and(inArray(appointments.status, UNCONFIRMED), gt(appointments.expiresAt, now));

/**
 * When each open hold (held or waiting for the bank, not lapsed at `now`) of every account of
 * `phone` lapses, soonest first: their number is the phone's count of holds.
 */
export async function openHoldsOfPhone(db: Db, phone: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ expiresAt: appointments.expiresAt })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .where(and(eq(accounts.phoneNumber, phone), openAt(now)))
    .orderBy(asc(appointments.expiresAt));
  return rows.map((row) => row.expiresAt!);
}

/** When each open hold made from `address` lapses, soonest first. */
export async function openHoldsFrom(db: Db, address: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ expiresAt: appointments.expiresAt })
    .from(appointments)
    .where(and(eq(appointments.heldFrom, address), openAt(now)))
    .orderBy(asc(appointments.expiresAt));
  return rows.map((row) => row.expiresAt!);
}

/**
 * When the latest hold of the slot (doctor, start) by an account of `phone` ended without being
 * paid, if any: a hold that ran out (still `held` / `awaiting_payment` past
 * its time, or marked `expired`; a released row keeps the moment it was released as its
 * `expires_at`), or one the patient cancelled before paying. A hold the hospital cancelled does
 * not count: the phone did not let it go.
 */
export async function lastLapseOfPhoneInSlot(db: Db, { phone, doctorId, startsAt, now }: { phone: string; doctorId: string; startsAt: Date; now: Date }): Promise<Date | undefined> {
  const rows = await db
    .select({ status: appointments.status, expiresAt: appointments.expiresAt, cancelledAt: appointments.cancelledAt })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .where(
      and(
        eq(accounts.phoneNumber, phone),
        eq(appointments.doctorId, doctorId),
        eq(appointments.startsAt, startsAt),
        isNull(appointments.confirmedAt),
        or(
          and(inArray(appointments.status, UNCONFIRMED), lte(appointments.expiresAt, now)),
          eq(appointments.status, 'expired'),
          and(eq(appointments.status, 'cancelled'), eq(appointments.cancelledBy, 'patient')),
        ),
      ),
    );
  let last: Date | undefined;
  for (const row of rows) {
    const ended = row.status === 'cancelled' ? row.cancelledAt : row.expiresAt;
    if (ended && (!last || ended > last)) last = ended;
  }
  return last;
}
