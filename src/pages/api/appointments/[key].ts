import { bookingContext } from '#server/appointments/default-context.ts';
import { getAppointment } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';

/** `GET /api/appointments/{key}`: the caller's appointment; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await getAppointment(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, now }) }),
);
