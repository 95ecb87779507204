import { PaySchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { payAppointment } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json, KeyParams } from '#server/http.ts';

/** `POST /api/appointments/{key}/pay {use_wallet}`: confirmed when the wallet covers the fee, else a bank payment for the rest. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, schema: PaySchema, maxBytes: 256 }, async ({ db, session, params, input, now }) => {
  const result = await payAppointment(db, { ctx: bookingContext(), gateway: env().PAYMENT_GATEWAY, accountId: session.account.id, key: params.key, useWallet: input.use_wallet, now });
  return json({ success: true, data: result });
});
