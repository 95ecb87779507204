import * as v from 'valibot';
import { HospitalLeaveSchema, LeaveSchema } from '#lib/api/contracts/hospital.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { fileLeave } from '#server/appointments/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam } from '#server/http.ts';

/** `POST /api/hospital/v1/doctors/{doctor_id}/leaves {from, to, reason}`: the doctor is away; the bookings inside are cancelled and refunded, the patients told by SMS. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/doctors/{doctor_id}/leaves',
    params: v.object({ doctor_id: pathParam(100) }),
    scope: 'appointments',
    summary:
      "Files a doctor's leave: no slot inside it is offered any more; each booking it touches is cancelled, what was paid returns to the patient's wallet, and the patient gets an SMS with the reason.",
    schema: LeaveSchema,
    maxBytes: 4096,
    answer: { status: 201, data: HospitalLeaveSchema },
  },
  ({ db, params, input, now }) => fileLeave(db, { ctx: bookingContext(), doctorId: params.doctor_id, order: input, now }),
);
