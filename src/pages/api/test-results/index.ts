import { TestResultsQuerySchema } from '#lib/api/contracts/test-results.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { listTestResults } from '#server/test-results/service.ts';

/** `GET /api/test-results?page&per_page`: the caller's results, newest sample first. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true, query: TestResultsQuerySchema }, async ({ db, session, query }) => {
  const page = await listTestResults(db, session.account, query);
  return json({ success: true, data: page.items, meta: { page: query.page, per_page: query.per_page, total: page.total } });
});
