import { toUser } from '#server/accounts/user.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** The account the bearer token opens. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true }, async ({ session }) => json({ success: true, user: toUser(session.account) }));
