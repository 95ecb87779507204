import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { getWallet } from '#server/wallet/service.ts';

/** `GET /api/wallet`: the balance of the account the token opens (api.md). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session }) => json({ success: true, data: await getWallet(db, session.account.id) }));
