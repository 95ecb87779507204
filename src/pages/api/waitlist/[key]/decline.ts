import { DeclineOfferSchema } from '#lib/api/contracts/waitlist.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams, readOptionalJson } from '#server/http.ts';
import { declineOffer } from '#server/waitlist/service.ts';

/** `POST /api/waitlist/{key}/decline [{leave}]`: the offer goes to the next patient; the entry stays in line unless `leave`. The body may be left out. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true }, async ({ db, session, params, context, now }) => {
  const body = await readOptionalJson(context.request, DeclineOfferSchema, { maxBytes: 256 });
  return json({ success: true, data: await declineOffer(db, { ctx: bookingContext(), accountId: session.account.id, key: params.key, body, now }) });
});
