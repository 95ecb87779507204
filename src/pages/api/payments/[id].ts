import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { paymentOfAccount } from '#server/payments/service.ts';

/** `GET /api/payments/{payment_id}`: one of the account's payments; 404 for anyone else's (api.md). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session, context }) => {
  const payment = await paymentOfAccount(db, { accountId: session.account.id, paymentId: String(context.params.id ?? '').slice(0, 64) });
  return json({ success: true, data: payment });
});
