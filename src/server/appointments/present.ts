import type { Appointment, AppointmentReceipt, AppointmentStatus } from '#lib/api/contracts/appointments.ts';
import { startOfTehranDay } from '#lib/appointments/slots.ts';
import { clinicAddress } from '#lib/catalogue/address.ts';
import type { BookingContext } from './context.ts';
import { doctorName } from './context.ts';
import type { AppointmentRow, ReceiptPayment } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The status a patient sees at `now`: a confirmed visit is completed once its Tehran day is over
 * (on the day itself the doctor may run late and the visit-day queue decides), a lapsed hold expired.
 */
export function statusAt(row: AppointmentRow, now: Date): AppointmentStatus {
  if (row.status === 'confirmed' && row.endsAt <= now && row.startsAt < startOfTehranDay(now)) return 'completed';
  if ((row.status === 'held' || row.status === 'awaiting_payment') && row.expiresAt && row.expiresAt <= now) return 'expired';
  // A slot offered to a waitlist patient is not yet theirs (patient calls never read such a row): a hold offered to them.
  if (row.status === 'offered') return 'held';
  return row.status;
}

/** The last moment the appointment may be cancelled or moved free of charge: CANCEL_FREE_HOURS before its start. */
export function cancelUntil(row: Pick<AppointmentRow, 'startsAt'>, ctx: BookingContext): Date {
  return new Date(row.startsAt.getTime() - ctx.settings.cancelFreeHours * HOUR_MS);
}

/** Whether a confirmed appointment is still far enough ahead to cancel or move free of charge. */
export function insideFreeWindow(row: AppointmentRow, ctx: BookingContext, now: Date): boolean {
  return now.getTime() <= cancelUntil(row, ctx).getTime();
}

/** What was paid for a confirmed row and how; the bank part names its payment when `payment` is given. */
function receiptOf(row: AppointmentRow, payment: ReceiptPayment | undefined): AppointmentReceipt | undefined {
  if (!row.confirmedAt) return undefined;
  const bank = row.paidByBank > 0 && payment && payment.id === row.paymentId ? payment : undefined;
  return {
    paid_at: row.confirmedAt.toISOString(),
    from_wallet: row.paidFromWallet,
    by_bank: row.paidByBank,
    ...(bank ? { bank: { payment_id: bank.id, ...(bank.refId ? { ref_id: bank.refId } : {}), ...(bank.cardPan ? { card_pan: bank.cardPan } : {}) } } : {}),
  };
}

/** What a cancellation at `now` returns to the wallet, and whether it is allowed. */
export function cancellation(row: AppointmentRow, ctx: BookingContext, now: Date): { allowed: boolean; refund: number } {
  const status = statusAt(row, now);
  if (status === 'confirmed') return insideFreeWindow(row, ctx, now) ? { allowed: true, refund: row.paidFromWallet + row.paidByBank } : { allowed: false, refund: 0 };
  if (status === 'held' || status === 'awaiting_payment') return { allowed: true, refund: row.paidFromWallet };
  return { allowed: false, refund: 0 };
}

export function maskCode(code: string): string {
  return `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;
}

/** An appointment as the patient's API shows it (api.md `GET /appointments/{key}`); `payment`: its bank payment, for the receipt. */
export function toAppointment(row: AppointmentRow, ctx: BookingContext, now: Date, payment?: ReceiptPayment): Appointment {
  const status = statusAt(row, now);
  const receipt = receiptOf(row, payment);
  const doctor = ctx.catalogue.doctors.get(row.doctorId);
  const clinic = ctx.catalogue.clinics.get(row.clinicId);
  const cancel = cancellation(row, ctx, now);
  return {
    key: row.key,
    status,
    doctor_id: row.doctorId,
    clinic_id: row.clinicId,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    turn: row.turn,
    fee: row.fee,
    paid_from_wallet: row.paidFromWallet,
    paid_by_bank: row.paidByBank,
    patient: {
      first_name: row.patientFirstName ?? '',
      last_name: row.patientLastName ?? '',
      self: row.forSelf,
      ...(row.patientNationalCode ? { international_code_masked: maskCode(row.patientNationalCode) } : {}),
    },
    can_cancel: cancel.allowed,
    refund_if_cancelled: cancel.refund,
    can_reschedule: status === 'confirmed' && insideFreeWindow(row, ctx, now),
    cancel_until: cancelUntil(row, ctx).toISOString(),
    // A move is a revision, and so is the cancellation that ends the visit (moves stop then).
    calendar_sequence: row.moves + (status === 'cancelled' ? 1 : 0),
    ...(receipt ? { receipt } : {}),
    ...((status === 'held' || status === 'awaiting_payment') && row.expiresAt ? { expires_at: row.expiresAt.toISOString() } : {}),
    ...(status === 'awaiting_payment' && row.paymentId ? { payment_id: row.paymentId } : {}),
    ...(row.cancelledAt ? { cancelled_at: row.cancelledAt.toISOString() } : {}),
    ...(row.refunded !== null ? { refunded: row.refunded } : {}),
    ...(row.cancelReason ? { cancel_reason: row.cancelReason } : {}),
    created_at: row.createdAt.toISOString(),
    doctor: { id: row.doctorId, name: doctorName(doctor), title: doctor?.title ?? '' },
    clinic: {
      id: row.clinicId,
      name: clinic?.name ?? '',
      address: clinic ? clinicAddress(clinic) : '',
      ...(clinic?.phone ? { phone: clinic.phone.number + (clinic.phone.extension ? ` داخلی ${clinic.phone.extension}` : '') } : {}),
    },
  };
}
