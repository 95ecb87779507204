import { defineEndpoint } from '#server/endpoint.ts';
import { json, TokenParams } from '#server/http.ts';
import { sharedResultLimit } from '#server/test-results/limits.ts';
import { sharedTestResult } from '#server/test-results/service.ts';
import { resultContext } from '#server/test-results/settings.ts';

/** `GET /api/public/test-results/{token}` (no login): a shared result, the name masked; the same 404 for unknown, expired and revoked links. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: TokenParams, rateLimit: sharedResultLimit }, async ({ db, params, now }) =>
  json({ success: true, data: await sharedTestResult(db, resultContext(), params.token, now) }),
);
