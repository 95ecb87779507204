import { appointmentCalendar } from '#server/appointments/calendar.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { getAppointment } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { KeyParams } from '#server/http.ts';

/** `GET /api/appointments/{key}/calendar.ics`: the appointment as a calendar file (bearer, like every patient call). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, now }) => {
  const appointment = await getAppointment(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, now });
  return new Response(appointmentCalendar(appointment, { host: new URL(env().PUBLIC_SITE_URL).host }), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${appointment.key}.ics"`,
      'Cache-Control': 'no-store',
    },
  });
});
