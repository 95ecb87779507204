import type { Appointment, AppointmentStatus } from '#lib/api/contracts/appointments.ts';
import { clinicAddress } from '#lib/catalogue/address.ts';
import type { BookingContext } from './context.ts';
import { doctorName } from './context.ts';
import type { AppointmentRow } from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The status a patient sees at `now`: a confirmed visit that ended is completed, a lapsed hold expired. */
export function statusAt(row: AppointmentRow, now: Date): AppointmentStatus {
  if (row.status === 'confirmed' && row.endsAt <= now) return 'completed';
  if ((row.status === 'held' || row.status === 'awaiting_payment') && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** Whether a confirmed appointment is still far enough ahead to cancel or move free of charge. */
export function insideFreeWindow(row: AppointmentRow, ctx: BookingContext, now: Date): boolean {
  return row.startsAt.getTime() - now.getTime() >= ctx.settings.cancelFreeHours * HOUR_MS;
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

/** An appointment as the patient's API shows it (api.md `GET /appointments/{key}`). */
export function toAppointment(row: AppointmentRow, ctx: BookingContext, now: Date): Appointment {
  const status = statusAt(row, now);
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
