import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { AppError } from '#server/errors.ts';
import { testResultMessages } from '#server/test-results/messages.ts';
import { revokeTestResultShare } from '#server/test-results/service.ts';

/** `POST /api/test-results/{key}/shares/{id}/revoke`: the share link stops opening at once. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, maxBytes: 256 }, async ({ db, session, context, now }) => {
  const id = String(context.params.id ?? '');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new AppError('not_found', testResultMessages.shareMissing);
  return json({ success: true, data: await revokeTestResultShare(db, session.account.id, String(context.params.key ?? '').slice(0, 32), Number(id), now) });
});
