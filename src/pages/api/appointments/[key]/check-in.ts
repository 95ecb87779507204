import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { queueContext } from '#server/queue/context.ts';
import { checkIn } from '#server/queue/service.ts';

/** `POST /api/appointments/{key}/check-in`: "I have arrived"; idempotent. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await checkIn(db, queueContext(), { accountId: session.account.id, key: params.key, now }) }),
);
