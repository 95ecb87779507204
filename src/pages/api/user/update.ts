import { UpdateProfileSchema } from '#lib/api/contracts/auth.ts';
import { accountMessages } from '#server/accounts/messages.ts';
import { updateProfile } from '#server/accounts/service.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Edits the profile of the account the bearer token opens, and that account only. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: UpdateProfileSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, session, input, ip, now }) => {
  const user = await updateProfile(db, session.account, input, { ip, now });
  return json({ success: true, user, message: accountMessages.profileUpdated });
});
