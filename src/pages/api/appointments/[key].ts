import { bookingContext } from '#server/appointments/default-context.ts';
import { getAppointment } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** `GET /api/appointments/{key}`: the caller's appointment; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session, now, context }) =>
  json({ success: true, data: await getAppointment(db, bookingContext(), session.account.id, String(context.params.key ?? '').slice(0, 32), now) }),
);
