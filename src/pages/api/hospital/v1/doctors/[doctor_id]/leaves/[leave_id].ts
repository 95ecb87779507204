import * as v from 'valibot';
import { HospitalLeaveWithdrawnSchema } from '#lib/api/contracts/hospital.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { withdrawLeave } from '#server/appointments/hospital.ts';
import { bookingMessages } from '#server/appointments/messages.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam, rowIdParam } from '#server/http.ts';

/** `DELETE /api/hospital/v1/doctors/{doctor_id}/leaves/{leave_id}`: the leave is taken back; the slots it frees go to the waitlist first. */
export const { DELETE, ALL } = defineHospitalEndpoint(
  {
    method: 'DELETE',
    path: '/doctors/{doctor_id}/leaves/{leave_id}',
    params: v.object({ doctor_id: pathParam(100), leave_id: rowIdParam(bookingMessages.leaveNotFound) }),
    scope: 'appointments',
    summary:
      "Withdraws a doctor's leave (`leave_id` as its filing answered): its slots are offered again, first to the patients on the doctor's waitlist (`offered`), in the same transaction, and the rest to everyone. Bookings it cancelled stay cancelled. A repeat answers the same `withdrawn_at` with `offered: 0`; an unknown doctor or a leave of another doctor 404.",
    answer: { status: 200, data: HospitalLeaveWithdrawnSchema },
  },
  ({ db, params, now }) => withdrawLeave(db, { ctx: bookingContext(), doctorId: params.doctor_id, leaveId: params.leave_id, now }),
);
