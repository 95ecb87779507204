import type { WaitlistOffer } from '#lib/api/contracts/waitlist.ts';
import type { BookingContext } from '../appointments/context.ts';
import type { AppointmentRow } from '../appointments/repository.ts';

/** An open offer as the patient's list and the desk show it, from the offer row and the appointment row that keeps its slot. */
export function toOffer(ctx: BookingContext, offer: { status: string; expiresAt: Date }, appointment: AppointmentRow): WaitlistOffer {
  const accepted = offer.status === 'accepted';
  return {
    start: appointment.startsAt.toISOString(),
    end: appointment.endsAt.toISOString(),
    // Once accepted, the slot is kept as long as the hold (and a payment at the bank) keeps it.
    expires_at: (accepted && appointment.expiresAt ? appointment.expiresAt : offer.expiresAt).toISOString(),
    appointment_key: appointment.key,
    status: accepted ? 'accepted' : 'live',
    turn: appointment.turn,
    clinic_id: appointment.clinicId,
    clinic_name: ctx.catalogue.clinics.get(appointment.clinicId)?.name ?? appointment.clinicId,
    fee: appointment.fee,
  };
}
