import { DeskWaitlistQuerySchema } from '#lib/api/contracts/waitlist.ts';
import { DeskWaitlistSchema } from '#lib/api/contracts/waitlist-desk.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { deskWaitlist } from '#server/waitlist/desk.ts';

/** `GET /api/hospital/v1/waitlist?doctor_id=`: the doctor's waitlist for the desk. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/waitlist',
    // The desk that books a doctor's visits also sees who waits for them.
    scope: 'appointments',
    summary:
      "One doctor's waitlist for the clinic desk: the patients in line in order of joining (position 1 is offered the next freed slot that suits them), with name, national code, phone, the days and part of the day they wait for, and the slot offered to them; and the doctor's open offers.",
    description:
      'An offer keeps a freed slot for one patient until `expires_at` (WAITLIST_OFFER_MINUTES), or once accepted until their hold lapses; declined or lapsed, the slot goes to the next patient in line. Entries whose last day is over are not listed.',
    query: DeskWaitlistQuerySchema,
    answer: { status: 200, data: DeskWaitlistSchema },
    errors: [404],
  },
  ({ db, query, now }) => deskWaitlist(db, bookingContext(), query.doctor_id, now),
);
