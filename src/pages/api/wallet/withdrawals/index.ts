import { PageQuerySchema } from '#lib/api/contracts/list.ts';
import { WithdrawalSchema } from '#lib/api/contracts/wallet.ts';
import { combineEndpoints, defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { listWithdrawals, requestWithdrawal } from '#server/wallet/withdrawals.ts';

/** `GET /api/wallet/withdrawals` (newest first) and `POST /api/wallet/withdrawals {amount, iban}` (api.md). */
export const { GET, POST, ALL } = combineEndpoints(
  defineEndpoint({ method: 'GET', auth: true, query: PageQuerySchema }, async ({ db, session, query }) => {
    const { rows, total } = await listWithdrawals(db, session.account.id, { page: query.page, perPage: query.per_page });
    return json({ success: true, data: rows, meta: { page: query.page, per_page: query.per_page, total } });
  }),
  defineEndpoint({ method: 'POST', auth: true, schema: WithdrawalSchema, maxBytes: 1024 }, async ({ db, session, input, now }) =>
    json({ success: true, data: await requestWithdrawal(db, session.account.id, input, now) }, { status: 201 }),
  ),
);
