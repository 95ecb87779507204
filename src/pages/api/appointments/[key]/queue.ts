import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { queueContext } from '#server/queue/context.ts';
import { patientQueue } from '#server/queue/service.ts';

/** `GET /api/appointments/{key}/queue`: the caller's place in the doctor's queue today; 404 for anyone else's, 409 on another day. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await patientQueue(db, queueContext(), { accountId: session.account.id, key: params.key, now }) }),
);
