import { ClaimTestResultSchema } from '#lib/api/contracts/test-results.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { claimTestResult } from '#server/test-results/service.ts';

/**
 * `POST /api/test-results/claim` `{reception_code, international_code}`: adds a result filed under
 * that national code to the caller's account. The same 404 for any mismatch; failures are limited
 * per account and per address (429 with Retry-After).
 */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, schema: ClaimTestResultSchema, maxBytes: 1024 }, async ({ db, session, input, ip, now }) =>
  json({ success: true, data: await claimTestResult(db, session.account.id, input, ip, now) }),
);
