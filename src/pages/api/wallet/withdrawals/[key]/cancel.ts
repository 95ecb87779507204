import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { cancelWithdrawal } from '#server/wallet/withdrawals.ts';

/** `POST /api/wallet/withdrawals/{key}/cancel`: only the owner's, only while pending; 404 for anyone else's. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true }, async ({ db, session, now, context }) =>
  json({ success: true, data: await cancelWithdrawal(db, session.account.id, String(context.params.key ?? '').slice(0, 32), now) }),
);
