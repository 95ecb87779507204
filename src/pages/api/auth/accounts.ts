import { listSessionPhoneAccounts } from '#server/auth/family.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** The people of the bearer token's phone (no tokens): «تغییر فرد» without another SMS code. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true }, async ({ db, session }) => json({ success: true, data: await listSessionPhoneAccounts(db, session) }));
