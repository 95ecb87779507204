import * as v from 'valibot';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, pathParam } from '#server/http.ts';
import { paymentOfAccount } from '#server/payments/service.ts';

/** `GET /api/payments/{payment_id}`: one of the account's payments; 404 for anyone else's (api.md). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: v.object({ id: pathParam(64) }), auth: true }, async ({ db, session, params }) => {
  const payment = await paymentOfAccount(db, { accountId: session.account.id, paymentId: params.id });
  return json({ success: true, data: payment });
});
