import { InvoicesQuerySchema } from '#lib/api/contracts/invoices.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { listInvoices } from '#server/invoices/service.ts';
import { catalogueServices } from '#server/invoices/settings.ts';

/** `GET /api/invoices?status=unpaid|paid|all&page&per_page`: unpaid first; `meta` adds the unpaid count and total. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true, query: InvoicesQuerySchema }, async ({ db, session, query }) => {
  const page = await listInvoices(db, catalogueServices(), session.account.id, query);
  return json({
    success: true,
    data: page.items,
    meta: { page: query.page, per_page: query.per_page, total: page.total, unpaid_count: page.unpaidCount, unpaid_total: page.unpaidTotal },
  });
});
