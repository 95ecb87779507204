import { RescheduleSchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { rescheduleAppointment } from '#server/appointments/changes.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** `POST /api/appointments/{key}/reschedule {start}`: moves a confirmed appointment to another free slot of its doctor. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: RescheduleSchema, maxBytes: 512 }, async ({ db, session, input, now, context }) =>
  json({ success: true, data: await rescheduleAppointment(db, bookingContext(), session.account.id, String(context.params.key ?? '').slice(0, 32), input, now) }),
);
