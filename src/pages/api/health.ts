import { apiMessages } from '#lib/api/messages.ts';
import { databaseAnswers } from '#server/db/client.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/**
 * For load balancers and the start script: 200 while the database answers, 503 (with the same
 * Persian envelope as every API error) while it is away; the process itself keeps serving.
 */
export const { GET, ALL } = defineEndpoint({ method: 'GET' }, async ({ db }) => {
  if (await databaseAnswers(db)) return json({ success: true, database: 'up' });
  return json({ success: false, message: apiMessages.databaseUnavailable, database: 'down' }, { status: 503, headers: { 'Retry-After': '5' } });
});
