import { bookingContext } from '#server/appointments/default-context.ts';
import { cancelAppointment } from '#server/appointments/changes.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** `POST /api/appointments/{key}/cancel`: refunds to the wallet at once; 409 outside the free window. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true }, async ({ db, session, now, context }) =>
  json({ success: true, data: await cancelAppointment(db, bookingContext(), session.account.id, String(context.params.key ?? '').slice(0, 32), now) }),
);
