import type { Appointment, HoldBody } from '#lib/api/contracts/appointments.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { lockWallet, transfer } from '../ledger/transfer.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { findPayment, type PaymentRow } from '../payments/repository.ts';
import { createPayment } from '../payments/service.ts';
import { doctorOf, type BookingContext } from './context.ts';
import { bookingMessages as M, bookingStatement } from './messages.ts';
import { tellPatient } from './notices.ts';
import { toAppointment } from './present.ts';
import { releaseUnconfirmed } from './release.ts';
import { scheduleReminder } from './reminders.ts';
import {
  ACTIVE_SLOT_CONSTRAINT,
  APPOINTMENT_KEY_CONSTRAINT,
  findAppointmentOf,
  insertAppointment,
  leavesOverlapping,
  listAppointmentsOf,
  lockAppointmentOf,
  lockDoctorSchedule,
  lockStaleInSlot,
  lockUnconfirmedOf,
  updateAppointment,
  type AppointmentRow,
  type AppointmentScope,
} from './repository.ts';
import { checkSlot, nextFreeStarts } from './slots.ts';

/** The account booking: its id and name (for a booking for themself). */
export interface Booker {
  id: number;
  firstName: string;
  lastName: string;
}

/** 409 with the doctor's next free starts (api.md: `data.alternatives`). */
export async function slotTaken(db: Db, ctx: BookingContext, doctorId: string, now: Date, message: string = M.slotTaken): Promise<AppError> {
  return new AppError('conflict', message, { data: { alternatives: await nextFreeStarts(db, ctx, doctorId, now) } });
}

/** Only keys of our shape are looked up; anything else is simply not found. */
export function checkedKey(key: string): string {
  if (!isBusinessKey('AP', key)) throw new AppError('not_found', M.appointmentNotFound);
  return key;
}

const sameStart = (a: Date, b: Date) => a.getTime() === b.getTime();

/**
 * `POST /appointments/hold`: holds the slot for HOLD_MINUTES. The database decides who gets a
 * contested slot (the partial unique index); the loser gets 409 with alternatives. The caller's
 * earlier unconfirmed hold is released in the same transaction (one per account); a repeat of the
 * same hold returns it unchanged.
 */
export async function holdSlot(db: Db, ctx: BookingContext, booker: Booker, body: HoldBody, now: Date): Promise<Appointment> {
  const doctor = doctorOf(ctx, body.doctor_id);
  const start = new Date(body.start);
  const check = await checkSlot(db, ctx, body.doctor_id, doctor, start, now);
  if (!check.ok) {
    if (check.reason === 'not_a_slot') throw new AppError('invalid_input', M.notASlot, { errors: { start: [M.notASlot] } });
    throw await slotTaken(db, ctx, body.doctor_id, now, M.slotUnavailable);
  }
  const { slot } = check;
  const patient = body.for
    ? { forSelf: false, patientFirstName: body.for.first_name, patientLastName: body.for.last_name, patientNationalCode: body.for.international_code }
    : { forSelf: true, patientFirstName: booker.firstName, patientLastName: booker.lastName, patientNationalCode: null };
  try {
    const row = await db.transaction(async (tx) => {
      const inner = tx as unknown as Db;
      // A leave filed for this doctor waits for holds in flight, and holds wait for it (repository).
      await lockDoctorSchedule(inner, body.doctor_id, 'shared');
      await lockWallet(inner, booker.id);
      if ((await leavesOverlapping(inner, body.doctor_id, slot.start, slot.end)).length > 0) return 'unavailable' as const;
      for (const own of await lockUnconfirmedOf(inner, booker.id)) {
        const repeat =
          own.doctorId === body.doctor_id &&
          sameStart(own.startsAt, slot.start) &&
          own.expiresAt !== null &&
          own.expiresAt > now &&
          own.forSelf === patient.forSelf &&
          own.patientNationalCode === patient.patientNationalCode &&
          own.patientFirstName === patient.patientFirstName &&
          own.patientLastName === patient.patientLastName;
        if (repeat) return own;
        await releaseUnconfirmed(inner, own, now, { status: 'expired' }, true);
      }
      // Someone else's lapsed hold of this slot: freed here, no cron needed. Its wallet money goes
      // back by the release job (this transaction does not hold that wallet's lock).
      for (const stale of await lockStaleInSlot(inner, body.doctor_id, slot.start, now)) await releaseUnconfirmed(inner, stale, now, { status: 'expired' }, false);
      return withFreshKey(inner, 'AP', APPOINTMENT_KEY_CONSTRAINT, (savepoint, key) =>
        insertAppointment(savepoint, {
          key,
          accountId: booker.id,
          doctorId: body.doctor_id,
          clinicId: slot.clinic,
          startsAt: slot.start,
          endsAt: slot.end,
          turn: slot.turn,
          fee: doctor.visit_fee_rial,
          status: 'held',
          expiresAt: new Date(now.getTime() + ctx.settings.holdMinutes * 60_000),
          ...patient,
          createdAt: now,
        }),
      );
    });
    if (row === 'unavailable') throw await slotTaken(db, ctx, body.doctor_id, now, M.slotUnavailable);
    return toAppointment(row, ctx, now);
  } catch (error) {
    if (isUniqueViolation(error, ACTIVE_SLOT_CONSTRAINT)) throw await slotTaken(db, ctx, body.doctor_id, now);
    throw error;
  }
}

export async function getAppointment(db: Db, ctx: BookingContext, accountId: number, key: string, now: Date): Promise<Appointment> {
  const row = await findAppointmentOf(db, accountId, checkedKey(key));
  if (!row) throw new AppError('not_found', M.appointmentNotFound);
  return toAppointment(row, ctx, now);
}

export async function listAppointments(db: Db, ctx: BookingContext, accountId: number, query: { scope: AppointmentScope; page: number; perPage: number }, now: Date) {
  const { rows, total } = await listAppointmentsOf(db, accountId, query.scope, now, { limit: query.perPage, offset: (query.page - 1) * query.perPage });
  return { rows: rows.map((row) => toAppointment(row, ctx, now)), total };
}

/**
 * Confirms an unconfirmed row whose fee is now covered: what the wallet gave (waiting in "appointment
 * holds") and what the bank paid move to revenue, and the reminder is scheduled, in the caller's
 * transaction.
 */
export async function confirmPaid(tx: Db, ctx: BookingContext, row: AppointmentRow, paid: { byBank: number; payment?: PaymentRow }, now: Date): Promise<AppointmentRow> {
  if (paid.payment && paid.byBank > 0) {
    await transfer(tx, {
      from: SYSTEM_ACCOUNTS.gateway,
      to: SYSTEM_ACCOUNTS.revenue,
      amount: paid.byBank,
      type: 'payment',
      description: `هزینهٔ نوبت ${row.key} از درگاه بانک`,
      reference: paid.payment.id,
      now,
    });
  }
  if (row.paidFromWallet > 0) {
    await transfer(tx, {
      from: SYSTEM_ACCOUNTS.appointmentHolds,
      to: SYSTEM_ACCOUNTS.revenue,
      amount: row.paidFromWallet,
      type: 'payment',
      description: bookingStatement.paid(row.key),
      reference: row.key,
      now,
    });
  }
  const confirmed = await updateAppointment(tx, row.id, { status: 'confirmed', paidByBank: paid.byBank, expiresAt: null, confirmedAt: now });
  await scheduleReminder(tx, ctx, confirmed, now);
  return confirmed;
}

export type PayResult =
  | { status: 'confirmed'; key: string; appointment: Appointment }
  | { status: 'awaiting_payment'; key: string; payment_id: string; redirect_url: string; amount: number };

/**
 * `POST /appointments/{key}/pay` `{use_wallet}`: the wallet first when asked (what it covers moves
 * now), the rest through a bank payment that keeps the slot until it is paid or expires. A repeat
 * while the bank payment is open returns that payment.
 */
export async function payAppointment(
  db: Db,
  ctx: BookingContext,
  gateway: PaymentGateway['name'],
  accountId: number,
  key: string,
  body: { use_wallet: boolean },
  now: Date,
): Promise<PayResult> {
  checkedKey(key);
  const outcome = await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await lockWallet(inner, accountId);
    const row = await lockAppointmentOf(inner, accountId, key);
    if (!row) throw new AppError('not_found', M.appointmentNotFound);
    if (row.status === 'confirmed') return { kind: 'confirmed' as const, row, fresh: false };
    if (row.status !== 'held' && row.status !== 'awaiting_payment') throw new AppError('conflict', M.notPayable);
    if (!row.expiresAt || row.expiresAt <= now) {
      await releaseUnconfirmed(inner, row, now, { status: 'expired' }, true);
      return { kind: 'expired' as const };
    }
    if (row.status === 'awaiting_payment' && row.paymentId) {
      const open = await findPayment(inner, row.paymentId);
      if (open?.status === 'pending' && open.expiresAt > now) return { kind: 'bank' as const, row, payment: open };
    }
    const due = row.fee - row.paidFromWallet;
    const fromWallet = body.use_wallet && due > 0 ? Math.min(due, await walletBalanceOf(inner, accountId)) : 0;
    if (fromWallet > 0) {
      await transfer(inner, {
        from: { wallet: accountId },
        to: SYSTEM_ACCOUNTS.appointmentHolds,
        amount: fromWallet,
        type: 'payment',
        description: fromWallet === due ? bookingStatement.paid(key) : bookingStatement.heldForBank(key),
        reference: key,
        now,
      });
    }
    const covered = await updateAppointment(inner, row.id, { paidFromWallet: row.paidFromWallet + fromWallet });
    if (fromWallet === due) return { kind: 'confirmed' as const, row: await confirmPaid(inner, ctx, covered, { byBank: 0 }, now), fresh: true };
    const payment = await createPayment(inner, {
      accountId,
      purpose: 'appointment',
      amount: due - fromWallet,
      target: key,
      returnPath: `/appointment/pre-reserve/${row.doctorId}?appointment=${key}`,
      gateway,
      timeoutMinutes: ctx.settings.paymentTimeoutMinutes,
      maxOpen: ctx.settings.paymentOpenLimit,
      now,
    });
    // The slot waits for the bank: until this payment is paid or expires (api.md).
    const expiresAt = payment.expiresAt > row.expiresAt ? payment.expiresAt : row.expiresAt;
    const waiting = await updateAppointment(inner, row.id, { status: 'awaiting_payment', paymentId: payment.id, expiresAt });
    return { kind: 'bank' as const, row: waiting, payment };
  });
  if (outcome.kind === 'expired') throw new AppError('conflict', M.holdExpired);
  if (outcome.kind === 'bank') {
    return { status: 'awaiting_payment', key, payment_id: outcome.payment.id, redirect_url: `/go-to-bank?payment=${outcome.payment.id}`, amount: outcome.payment.amount };
  }
  if (outcome.fresh) await tellPatient(db, ctx, outcome.row, 'confirmed', now);
  return { status: 'confirmed', key, appointment: toAppointment(outcome.row, ctx, now) };
}
