import * as v from 'valibot';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, pathParam, rowIdParam } from '#server/http.ts';
import { testResultMessages } from '#server/test-results/messages.ts';
import { revokeTestResultShare } from '#server/test-results/service.ts';

/** `POST /api/test-results/{key}/shares/{id}/revoke`: the share link stops opening at once. */
export const { POST, ALL } = defineEndpoint(
  { method: 'POST', params: v.object({ key: pathParam(32), id: rowIdParam(testResultMessages.shareMissing) }), auth: true, maxBytes: 256 },
  async ({ db, session, params, now }) => json({ success: true, data: await revokeTestResultShare(db, { accountId: session.account.id, key: params.key, shareId: params.id, now }) }),
);
