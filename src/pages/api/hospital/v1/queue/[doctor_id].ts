import * as v from 'valibot';
import { DeskQueueQuerySchema, DeskQueueSchema } from '#lib/api/contracts/queue.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam } from '#server/http.ts';
import { deskQueue, tehranDay } from '#server/queue/service.ts';

/** `GET /api/hospital/v1/queue/{doctor_id}?date=`: the day's queue for the desk. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/queue/{doctor_id}',
    params: v.object({ doctor_id: pathParam(100) }),
    scope: 'queue',
    summary:
      "One doctor's queue on a Tehran day (today by default), for the clinic desk: each confirmed appointment's number in slot order, patient name, status and check-in time (by the patient or the desk).",
    query: DeskQueueQuerySchema,
    answer: { status: 200, data: DeskQueueSchema },
    errors: [404],
  },
  ({ db, params, query, now }) => deskQueue(db, bookingContext(), { doctorId: params.doctor_id, date: query.date ?? tehranDay(now) }),
);
