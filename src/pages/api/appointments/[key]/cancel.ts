import { cancelAppointment } from '#server/appointments/changes.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';

/** `POST /api/appointments/{key}/cancel`: refunds to the wallet at once; 409 outside the free window. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await cancelAppointment(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, now }) }),
);
