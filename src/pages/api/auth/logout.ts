import { logout } from '#server/auth/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Revokes the bearer token (and its login's other tokens); it opens nothing afterwards. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true }, async ({ db, session, now }) => {
  await logout(db, session, now);
  return json({ success: true });
});
