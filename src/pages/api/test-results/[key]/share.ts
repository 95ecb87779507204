import { ShareTestResultSchema } from '#lib/api/contracts/test-results.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { shareTestResult } from '#server/test-results/service.ts';

/** `POST /api/test-results/{key}/share` `{hours}`: a link (`/test-response/shared/<token>`) that shows the result without login until it expires or is revoked. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, schema: ShareTestResultSchema, maxBytes: 256 }, async ({ db, session, params, input, now }) => {
  const { token: _token, ...share } = await shareTestResult(db, { accountId: session.account.id, key: params.key, hours: input.hours, now });
  return json({ success: true, data: share }, { status: 201 });
});
