import * as v from 'valibot';
import { DeskQueueSchema, QueueEventSchema } from '#lib/api/contracts/queue.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam } from '#server/http.ts';
import { queueContext } from '#server/queue/context.ts';
import { recordDeskEvent } from '#server/queue/service.ts';

/** `POST /api/hospital/v1/queue/{doctor_id}/events {type, appointment_key?, minutes?}`: what happened at the desk today. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/queue/{doctor_id}/events',
    params: v.object({ doctor_id: pathParam(100) }),
    scope: 'queue',
    summary:
      "Records what happened at the doctor's desk today (session started, a patient checked in, called, seen or absent, a delay, a pause, the end). Every patient of that doctor following the queue sees the change within a second; SMS when two patients are left ahead, or when a delay of 15 minutes or more is announced.",
    description:
      'Events are kept in order, one log per doctor and day. An event that does not follow from the day as it stands (a second start, a call of a patient already seen, anything after the session ended), or that names an appointment of another day, another doctor or a cancelled one, answers 409 with the reason in Persian.',
    schema: QueueEventSchema,
    maxBytes: 1024,
    answer: { status: 201, data: DeskQueueSchema },
    errors: [404, 409],
  },
  ({ db, params, input, key, now }) => recordDeskEvent(db, queueContext(), { doctorId: params.doctor_id, event: input, actor: key.name, now }),
);
