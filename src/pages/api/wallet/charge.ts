import { chargeSchema } from '#lib/api/contracts/wallet.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json } from '#server/http.ts';
import { createPayment } from '#server/payments/service.ts';

/**
 * `POST /api/wallet/charge {amount}`: the payment row is written now, with our amount, before the
 * patient leaves for the bank; the answer says where to send the browser (api.md).
 */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: chargeSchema(env().WALLET_CHARGE_MAX), maxBytes: 1024 }, async ({ db, session, input, now }) => {
  const config = env();
  const payment = await createPayment(db, {
    accountId: session.account.id,
    purpose: 'wallet_charge',
    amount: input.amount,
    returnPath: input.return_to,
    gateway: config.PAYMENT_GATEWAY,
    timeoutMinutes: config.PAYMENT_TIMEOUT_MINUTES,
    maxOpen: config.PAYMENT_OPEN_LIMIT,
    now,
  });
  return json({ success: true, data: { payment_id: payment.id, redirect_url: `/go-to-bank?payment=${payment.id}` } }, { status: 201 });
});
