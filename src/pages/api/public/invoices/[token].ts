import { defineEndpoint } from '#server/endpoint.ts';
import { json, TokenParams } from '#server/http.ts';
import { publicInvoiceLimit } from '#server/invoices/limits.ts';
import { publicInvoice } from '#server/invoices/links.ts';
import { catalogueServices, invoiceSettings } from '#server/invoices/settings.ts';

/** `GET /api/public/invoices/{token}` (no login): the invoice with the name masked; the same 404 for any unknown token. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: TokenParams, rateLimit: publicInvoiceLimit }, async ({ db, params, now }) =>
  json({ success: true, data: await publicInvoice(db, { services: catalogueServices(), settings: invoiceSettings(), token: params.token, now }) }),
);
