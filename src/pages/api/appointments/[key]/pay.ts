import { PaySchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { payAppointment } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json } from '#server/http.ts';

/** `POST /api/appointments/{key}/pay {use_wallet}`: confirmed when the wallet covers the fee, else a bank payment for the rest. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: PaySchema, maxBytes: 256 }, async ({ db, session, input, now, context }) => {
  const result = await payAppointment(db, bookingContext(), env().PAYMENT_GATEWAY, session.account.id, String(context.params.key ?? '').slice(0, 32), input, now);
  return json({ success: true, data: result });
});
