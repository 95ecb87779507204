import { RescheduleSchema } from '#lib/api/contracts/appointments.ts';
import { rescheduleAppointment } from '#server/appointments/changes.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';

/** `POST /api/appointments/{key}/reschedule {start}`: moves a confirmed appointment to another free slot of its doctor. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, schema: RescheduleSchema, maxBytes: 512 }, async ({ db, session, params, input, now }) =>
  json({ success: true, data: await rescheduleAppointment(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, body: input, now }) }),
);
