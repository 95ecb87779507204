import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { catalogueServices, invoiceSettings } from '#server/invoices/settings.ts';

/** `GET /api/invoices/{key}`: one of the caller's invoices with its live public links; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, now }) =>
  json({
    success: true,
    data: await getInvoice(db, { services: catalogueServices(), accountId: session.account.id, key: params.key, links: { daysAfterSettled: invoiceSettings().linkDaysAfterSettled, now } }),
  }),
);
