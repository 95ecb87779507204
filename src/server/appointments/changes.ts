import type { Appointment, RescheduleBody } from '#lib/api/contracts/appointments.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { consumeAllowanceIn } from '../limits/service.ts';
import { afterSlotFreed, offerSlot, releaseStaleInSlot } from '../waitlist/offers.ts';
import { type BookingContext, doctorOf } from './context.ts';
import { bookingLimitMessages, bookingMessages as M } from './messages.ts';
import { tellPatient } from './notices.ts';
import { insideFreeWindow, statusAt, toAppointment } from './present.ts';
import { cancelConfirmed, releaseUnconfirmed } from './release.ts';
import { scheduleReminder } from './reminders.ts';
import { ACTIVE_SLOT_CONSTRAINT, findAppointmentOf, identityOfAccount, lockAppointmentOf, lockDoctorSchedule, lockPerson, personBusyBetween, updateAppointment } from './repository.ts';
import { checkedKey, type Person, PersonBusyRefusal, personBusy, slotTaken } from './service.ts';
import { checkSlot } from './slots.ts';

/**
 * `POST /appointments/{key}/cancel`: a hold is released (its wallet money back), a confirmed
 * appointment up to CANCEL_FREE_HOURS before its start is cancelled and everything paid returns to
 * the wallet at once, in one transaction. Later, or once over, it refuses with 409.
 */
export async function cancelAppointment(
  db: Db,
  { ctx, accountId, key, now }: { ctx: BookingContext; accountId: number; key: string; now: Date },
): Promise<{ status: 'cancelled'; key: string; refunded: number }> {
  checkedKey(key);
  const result = await db.transaction(async (tx) => {
    await lockWallet(tx, accountId);
    const row = await lockAppointmentOf(tx, accountId, key);
    if (!row) throw new AppError('not_found', M.appointmentNotFound);
    if (row.status === 'cancelled' || row.status === 'expired') throw new AppError('conflict', M.alreadyCancelled);
    let ended: { row: typeof row; wasConfirmed: boolean };
    if (row.status === 'held' || row.status === 'awaiting_payment') {
      ended = { row: await releaseUnconfirmed(tx, { row, now, ending: { status: 'cancelled', by: 'patient' }, refundNow: true }), wasConfirmed: false };
    } else {
      if (statusAt(row, now) === 'completed') throw new AppError('conflict', M.notCancellable);
      if (!insideFreeWindow(row, ctx, now)) throw new AppError('conflict', M.tooLateToCancel(ctx.settings.cancelFreeHours));
      ended = { row: await cancelConfirmed(tx, row, now, { by: 'patient' }), wasConfirmed: true };
    }
    // Last in the transaction: the slot goes to the first patient waiting for it, not to whoever refreshes first.
    await afterSlotFreed(tx, ctx, ended.row, now);
    return ended;
  });
  if (result.wasConfirmed) await tellPatient(db, { ctx, row: result.row, notice: 'cancelled', now });
  return { status: 'cancelled', key, refunded: result.row.refunded ?? 0 };
}

/**
 * Moves one account may make in any 24 hours, all its appointments together. Each move sends an SMS
 * and churns two slots that other patients are looking at; a patient who really needs to move a
 * visit does it once or twice.
 */
export const MAX_MOVES_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /appointments/{key}/reschedule` `{start}`: moves a confirmed appointment (inside the free
 * window) to another free slot of the same doctor; the old slot is free once this commits, and the
 * unique index refuses a taken new one (409 with alternatives). What was paid stays paid. The new
 * time obeys the hold's rules: the minimum lead time, and no overlap with another visit of the same
 * person (under the person's lock, taken before the row's, as a hold takes it).
 */
export async function rescheduleAppointment(
  db: Db,
  { ctx, accountId, key, body, now }: { ctx: BookingContext; accountId: number; key: string; body: RescheduleBody; now: Date },
): Promise<Appointment> {
  checkedKey(key);
  const start = new Date(body.start);
  // Who the visit is for never changes on a row: read before the transaction, to lock the person first.
  const before = await findAppointmentOf(db, accountId, key);
  if (!before) throw new AppError('not_found', M.appointmentNotFound);
  const identity = await identityOfAccount(db, accountId);
  const nationalCode = before.forSelf ? identity?.nationalCode : before.patientNationalCode;
  const person: Person | undefined = nationalCode ? { nationalCode, name: before.forSelf ? null : `${before.patientFirstName ?? ''} ${before.patientLastName ?? ''}`.trim() } : undefined;
  try {
    const moved = await db.transaction(async (tx) => {
      if (person) await lockPerson(tx, person.nationalCode);
      const row = await lockAppointmentOf(tx, accountId, key);
      if (!row) throw new AppError('not_found', M.appointmentNotFound);
      if (statusAt(row, now) !== 'confirmed') throw new AppError('conflict', M.notMovable);
      if (!insideFreeWindow(row, ctx, now)) throw new AppError('conflict', M.tooLateToMove(ctx.settings.cancelFreeHours));
      if (row.startsAt.getTime() === start.getTime()) throw new AppError('invalid_input', M.sameSlot, { errors: { start: [M.sameSlot] } });
      const doctor = doctorOf(ctx, row.doctorId);
      await lockDoctorSchedule(tx, row.doctorId, 'shared');
      const check = await checkSlot(tx, { ctx, doctorId: row.doctorId, doctor, start, now });
      if (!check.ok) {
        if (check.reason === 'not_a_slot') throw new AppError('invalid_input', M.notASlot, { errors: { start: [M.notASlot] } });
        return { kind: 'unavailable' as const, doctorId: row.doctorId, tooSoon: check.reason === 'too_soon' };
      }
      if (person) {
        const [busy] = await personBusyBetween(tx, { nationalCode: person.nationalCode, from: check.slot.start, to: check.slot.end, now, except: row.id });
        if (busy) throw new PersonBusyRefusal(busy);
      }
      // Only a move that is about to happen is counted: a refused slot or a wrong start costs nothing.
      await consumeAllowanceIn(tx, {
        subject: { bucket: 'appointment-move', subject: String(accountId) },
        windows: [{ max: MAX_MOVES_PER_DAY, ms: DAY_MS }],
        message: (seconds) => bookingLimitMessages.tooManyMoves(MAX_MOVES_PER_DAY, seconds),
        now,
      });
      await releaseStaleInSlot(tx, { doctorId: row.doctorId, start: check.slot.start }, now);
      const updated = await tx.transaction((savepoint) =>
        updateAppointment(savepoint, row.id, { startsAt: check.slot.start, endsAt: check.slot.end, turn: check.slot.turn, clinicId: check.slot.clinic, moves: row.moves + 1 }),
      );
      await scheduleReminder(tx, ctx, updated, now);
      // The old slot is free: the first patient waiting for it gets it, last in this transaction.
      await offerSlot(tx, ctx, { doctorId: row.doctorId, start: row.startsAt }, now);
      return { kind: 'moved' as const, row: updated };
    });
    if (moved.kind === 'unavailable') throw await slotTaken(db, { ctx, doctorId: moved.doctorId, now, message: moved.tooSoon ? M.tooSoon(ctx.settings.minLeadMinutes) : M.slotUnavailable });
    await tellPatient(db, { ctx, row: moved.row, notice: 'moved', now });
    return toAppointment(moved.row, ctx, now);
  } catch (error) {
    if (error instanceof PersonBusyRefusal && person && identity)
      throw await personBusy(db, { ctx, who: { person, phone: identity.phone, doctorId: before.doctorId }, busy: error.busy, now });
    if (isUniqueViolation(error, ACTIVE_SLOT_CONSTRAINT)) {
      const row = await findAppointmentOf(db, accountId, key);
      throw await slotTaken(db, { ctx, doctorId: row?.doctorId ?? '', now });
    }
    throw error;
  }
}
