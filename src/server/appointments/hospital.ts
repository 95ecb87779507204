import { addDays, tehranDayBounds, tehranInstant } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { afterSlotFreed, endOffer, offerSlot } from '../waitlist/offers.ts';
import { lockOpenOfferOfAppointment } from '../waitlist/repository.ts';
import { type BookingContext, doctorName, doctorOf } from './context.ts';
import { bookingMessages as M } from './messages.ts';
import { tellPatient } from './notices.ts';
import { cancelConfirmed, releaseUnconfirmed } from './release.ts';
import { type AppointmentRow, activeInRange, confirmedBetween, insertLeave, type LeaveRow, lockAppointment, lockDoctorSchedule, lockLeaveOf, markLeaveWithdrawn } from './repository.ts';
import { bookingHorizon, listSlots } from './slots.ts';

/** A leave's bound: a Tehran day (`YYYY-MM-DD`, whole days) or an ISO instant. */
function bound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return tehranInstant(end ? addDays(value, 1) : value, '00:00');
  return new Date(value);
}

export interface LeaveOrder {
  /** A Tehran day (from its start) or an instant. */
  from: string;
  /** A Tehran day (to its end, inclusive) or an instant. */
  to: string;
  reason: string;
}

export interface LeaveResult {
  leave_id: number;
  from: string;
  to: string;
  cancelled: Array<{ key: string; start: string; refunded: number }>;
}

/**
 * `POST /doctors/{id}/leaves`: files the leave (no slot inside it is offered or held from then
 * on), then cancels each booking it touches and returns what was paid to the wallet, telling the
 * patient by SMS. The leave commits first, under the doctor's exclusive schedule lock, so no hold
 * slips in; each cancellation is its own transaction, locking the wallet first like every change.
 */
export async function fileLeave(db: Db, { ctx, doctorId, order, now }: { ctx: BookingContext; doctorId: string; order: LeaveOrder; now: Date }): Promise<LeaveResult> {
  doctorOf(ctx, doctorId);
  const from = bound(order.from, false);
  const to = bound(order.to, true);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) {
    throw new AppError('invalid_input', 'پایان مرخصی باید پس از آغاز آن باشد', { errors: { to: ['پایان مرخصی باید پس از آغاز آن باشد'] } });
  }
  const leave = await db.transaction(async (tx) => {
    await lockDoctorSchedule(tx, doctorId, 'exclusive');
    return insertLeave(tx, { doctorId, startsAt: from, endsAt: to, reason: order.reason, createdAt: now });
  });
  const cancelled: LeaveResult['cancelled'] = [];
  for (const affected of await activeInRange(db, { doctorId, from, to, now })) {
    if (affected.endsAt <= now) continue;
    const row = await db.transaction(async (tx) => {
      await lockWallet(tx, affected.accountId);
      const current = await lockAppointment(tx, affected.key);
      if (!current) return undefined;
      const ending = { by: 'hospital' as const, reason: order.reason };
      if (current.status === 'confirmed') return cancelConfirmed(tx, current, now, ending);
      if ((current.status === 'held' || current.status === 'awaiting_payment') && current.expiresAt && current.expiresAt > now) {
        const released = await releaseUnconfirmed(tx, { row: current, now, ending: { status: 'cancelled', ...ending }, refundNow: true });
        // A hold born of a waitlist offer: the offer is withdrawn and the patient back in line.
        await afterSlotFreed(tx, ctx, released, now);
        return released;
      }
      if (current.status === 'offered') {
        // An offer inside the leave is withdrawn quietly: the patient stays in line, nothing was theirs yet.
        const offer = await lockOpenOfferOfAppointment(tx, current.id);
        if (offer) await endOffer(tx, { offer, ending: 'withdrawn', now });
      }
      return undefined;
    });
    if (!row) continue;
    cancelled.push({ key: row.key, start: row.startsAt.toISOString(), refunded: row.refunded ?? 0 });
    await tellPatient(db, { ctx, row, notice: { cancelledByHospital: order.reason }, now });
  }
  return { leave_id: leave.id, from: from.toISOString(), to: to.toISOString(), cancelled };
}

export interface LeaveWithdrawal {
  leave_id: number;
  withdrawn_at: string;
  /** Freed slots this call offered to patients waiting. */
  offered: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The starts of the slots free at `now` (in the booking window, past the lead time) that lie in the leave's range. */
async function freeStartsIn(tx: Db, ctx: BookingContext, leave: LeaveRow, now: Date): Promise<Date[]> {
  const firstDay = toTehranIsoDate(leave.startsAt > now ? leave.startsAt : now);
  const horizon = bookingHorizon(now);
  const lastDay = toTehranIsoDate(new Date(Math.min(leave.endsAt.getTime(), horizon.getTime()) - 1));
  if (lastDay < firstDay) return [];
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS) + 1;
  const { days: open } = await listSlots(tx, ctx, { doctorId: leave.doctorId, from: firstDay, days }, now);
  return open
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available && Date.parse(slot.start) < leave.endsAt.getTime() && Date.parse(slot.end) > leave.startsAt.getTime())
    .map((slot) => new Date(slot.start));
}

/**
 * `DELETE /doctors/{id}/leaves/{leave_id}`: takes the leave back (its row stays, marked
 * withdrawn). Under the doctor's exclusive schedule lock, so no hold slips in meanwhile, and in the
 * same transaction each slot it frees is offered to the waitlist (decision 029): nobody can hold a
 * freed slot before the patients waiting for it have had their offers. What suits nobody in line is
 * free for everyone at commit. Bookings the leave cancelled stay cancelled (their patients were
 * refunded and told). A repeat answers the first withdrawal's time and offers nothing; an unknown
 * doctor, or a leave that is not this doctor's, is 404.
 */
export async function withdrawLeave(db: Db, { ctx, doctorId, leaveId, now }: { ctx: BookingContext; doctorId: string; leaveId: number; now: Date }): Promise<LeaveWithdrawal> {
  doctorOf(ctx, doctorId);
  return db.transaction(async (tx) => {
    await lockDoctorSchedule(tx, doctorId, 'exclusive');
    const leave = await lockLeaveOf(tx, doctorId, leaveId);
    if (!leave) throw new AppError('not_found', M.leaveNotFound);
    if (leave.withdrawnAt) return { leave_id: leave.id, withdrawn_at: leave.withdrawnAt.toISOString(), offered: 0 };
    const withdrawn = await markLeaveWithdrawn(tx, leave.id, now);
    // In time order, each to the first in line it suits: an entry offered one slot here waits for no second.
    let offered = 0;
    for (const start of await freeStartsIn(tx, ctx, withdrawn, now)) {
      if (await offerSlot(tx, ctx, { doctorId, start }, now)) offered++;
    }
    return { leave_id: withdrawn.id, withdrawn_at: now.toISOString(), offered };
  });
}

export interface DeskAppointment {
  key: string;
  doctor_id: string;
  doctor_name: string;
  clinic_id: string;
  start: string;
  end: string;
  turn: number;
  fee: number;
  paid: number;
  patient: { first_name: string; last_name: string; international_code: string | null; phone_number: string | null; self: boolean };
}

async function toDesk(db: Db, ctx: BookingContext, row: AppointmentRow): Promise<DeskAppointment> {
  const account = await findAccount(db, row.accountId);
  return {
    key: row.key,
    doctor_id: row.doctorId,
    doctor_name: doctorName(ctx.catalogue.doctors.get(row.doctorId)),
    clinic_id: row.clinicId,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    turn: row.turn,
    fee: row.fee,
    paid: row.paidFromWallet + row.paidByBank,
    patient: {
      first_name: row.patientFirstName ?? '',
      last_name: row.patientLastName ?? '',
      international_code: row.forSelf ? (account?.internationalCode ?? null) : row.patientNationalCode,
      phone_number: account?.phoneNumber ?? null,
      self: row.forSelf,
    },
  };
}

/** `GET /appointments?date=`: the confirmed bookings of one Tehran day, in time order, for the desk; 404 for an unknown doctor. */
export async function listDay(db: Db, ctx: BookingContext, day: string, doctorId?: string): Promise<DeskAppointment[]> {
  if (doctorId !== undefined) doctorOf(ctx, doctorId);
  const { start, end } = tehranDayBounds(day);
  const rows = await confirmedBetween(db, start, end, doctorId);
  return Promise.all(rows.map((row) => toDesk(db, ctx, row)));
}
