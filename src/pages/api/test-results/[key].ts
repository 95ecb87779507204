import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { getTestResult } from '#server/test-results/service.ts';
import { resultContext } from '#server/test-results/settings.ts';

/** `GET /api/test-results/{key}`: one of the caller's results with panels, history and explanations; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({ success: true, data: await getTestResult(db, resultContext(), { accountId: session.account.id, key: params.key, now }) }),
);
