import { AppointmentsQuerySchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { listAppointments } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** `GET /api/appointments?scope=upcoming|past|cancelled&page&per_page`: the caller's appointments. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true, query: AppointmentsQuerySchema }, async ({ db, session, query, now }) => {
  const { rows, total } = await listAppointments(db, { ctx: bookingContext(), accountId: session.account.id, query: { scope: query.scope, page: query.page, perPage: query.per_page }, now });
  return json({ success: true, data: rows, meta: { page: query.page, per_page: query.per_page, total } });
});
