import { JoinWaitlistSchema } from '#lib/api/contracts/waitlist.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { combineEndpoints, defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { joinWaitlist, listWaitlist } from '#server/waitlist/service.ts';

/** `GET /api/waitlist` (the caller's entries) and `POST /api/waitlist {doctor_id, from, to, part_of_day?, for?}` (spec/api.md «Waitlist»). */
export const { GET, POST, ALL } = combineEndpoints(
  defineEndpoint({ method: 'GET', auth: true }, async ({ db, session, now }) =>
    json({ success: true, data: await listWaitlist(db, { ctx: bookingContext(), accountId: session.account.id, now }) }),
  ),
  defineEndpoint({ method: 'POST', auth: true, schema: JoinWaitlistSchema, maxBytes: 2048 }, async ({ db, session, input, ip, now }) => {
    const { account } = session;
    const joined = await joinWaitlist(db, { ctx: bookingContext(), booker: { id: account.id, firstName: account.firstName, lastName: account.lastName, address: ip }, body: input, now });
    return json({ success: true, data: joined }, { status: 201 });
  }),
);
