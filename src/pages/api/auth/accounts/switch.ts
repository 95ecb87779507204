import { SwitchAccountSchema } from '#lib/api/contracts/auth.ts';
import { switchAccount } from '#server/auth/family.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Trades the bearer token for a token of another person of the same phone (404 for any other account). */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: SwitchAccountSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, session, input, now }) =>
  json({ success: true, data: await switchAccount(db, session, { accountId: input.user_id, now }) }),
);
