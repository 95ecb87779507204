import { HoldSchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { holdSlot } from '#server/appointments/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/**
 * `POST /api/appointments/hold {doctor_id, start, for?}`: 201 with the hold; 409 with `data.alternatives` when taken;
 * 429 beyond the holds of the phone or the address, or too soon after the phone's hold of this slot lapsed.
 */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: HoldSchema, maxBytes: 2048 }, async ({ db, session, input, ip, now }) => {
  const { account } = session;
  const hold = await holdSlot(db, { ctx: bookingContext(), booker: { id: account.id, firstName: account.firstName, lastName: account.lastName, address: ip }, body: input, now });
  return json({ success: true, data: hold }, { status: 201 });
});
