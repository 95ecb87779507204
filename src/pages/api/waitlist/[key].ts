import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { leaveWaitlist } from '#server/waitlist/service.ts';

/** `DELETE /api/waitlist/{key}`: leaves the line (a live offer's slot goes to the next patient). */
export const { DELETE, ALL } = defineEndpoint({ method: 'DELETE', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await leaveWaitlist(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, now }) }),
);
