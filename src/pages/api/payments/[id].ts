import { defineEndpoint } from '#server/endpoint.ts';
import { AppError } from '#server/errors.ts';
import { json } from '#server/http.ts';
import { paymentMessages } from '#server/payments/messages.ts';
import { findPayment } from '#server/payments/repository.ts';
import { toPayment } from '#server/payments/service.ts';

/** `GET /api/payments/{payment_id}`: one of the account's payments; 404 for anyone else's (api.md). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session, context }) => {
  const payment = await findPayment(db, String(context.params.id ?? '').slice(0, 64));
  if (!payment || payment.accountId !== session.account.id) throw new AppError('not_found', paymentMessages.notFound);
  return json({ success: true, data: toPayment(payment) });
});
