import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { acceptOffer } from '#server/waitlist/service.ts';

/** `POST /api/waitlist/{key}/accept`: the offered slot becomes the caller's hold; then `POST /appointments/{key}/pay`. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true }, async ({ db, session, params, ip, now }) => {
  const { account } = session;
  const accepted = await acceptOffer(db, { ctx: bookingContext(), booker: { id: account.id, firstName: account.firstName, lastName: account.lastName, address: ip }, key: params.key, now });
  return json({ success: true, data: accepted });
});
