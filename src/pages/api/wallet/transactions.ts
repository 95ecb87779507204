import { TransactionsQuerySchema } from '#lib/api/contracts/wallet.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { listTransactions } from '#server/wallet/service.ts';

/** `GET /api/wallet/transactions?page&per_page&type&from&to`: the wallet's statement, newest first. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true, query: TransactionsQuerySchema }, async ({ db, session, query }) => {
  const { rows, total } = await listTransactions(db, session.account.id, query);
  return json({ success: true, data: rows, meta: { page: query.page, per_page: query.per_page, total } });
});
