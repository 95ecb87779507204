import { PersonSchema } from '#lib/api/contracts/auth.ts';
import { addPerson } from '#server/auth/family.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Registers another person under the bearer token's phone and trades the token for theirs. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: PersonSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, session, input, ip, now }) => {
  const { entry, accounts } = await addPerson(db, session, input, { ip, now });
  return json({ success: true, data: entry, accounts });
});
