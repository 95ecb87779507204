import { ClaimTestResultSchema } from '#lib/api/contracts/test-results.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { smsProvider } from '#server/sms/index.ts';
import { claimTestResult } from '#server/test-results/claim.ts';

/**
 * `POST /api/test-results/claim` `{reception_code, international_code, code?}`: adds a result filed
 * under that national code to the caller's account. 200 when the account's phone is the mobile the
 * lab filed; otherwise 202 `{needs_code: true, sent_to}` and a code by SMS to that mobile, which the
 * same call with `code` completes. The same 404 for any mismatch; failures are limited per account,
 * address, national code and result (429 with Retry-After; 409 for a result locked for claims).
 */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: ClaimTestResultSchema, maxBytes: 1024 }, async ({ db, session, input, ip, now }) => {
  const outcome = await claimTestResult(db, smsProvider(), { accountId: session.account.id, body: input, ip, now });
  if ('claimed' in outcome) return json({ success: true, data: outcome.claimed });
  return json({ success: true, data: { needs_code: true, sent_to: outcome.sentTo } }, { status: 202 });
});
