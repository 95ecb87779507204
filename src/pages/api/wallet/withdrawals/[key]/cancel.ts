import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { cancelWithdrawal } from '#server/wallet/withdrawals.ts';

/** `POST /api/wallet/withdrawals/{key}/cancel`: only the owner's, only while pending; 404 for anyone else's. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await cancelWithdrawal(db, session.account.id, params.key, now) }),
);
