import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { publicInvoice } from '#server/invoices/links.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { publicInvoiceLimiter } from '#server/invoices/limits.ts';

/** `GET /api/public/invoices/{token}` (no login): the invoice with the name masked; the same 404 for any unknown token. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', rateLimit: publicInvoiceLimiter }, async ({ db, context }) =>
  json({ success: true, data: await publicInvoice(db, catalogueServices(), String(context.params.token ?? '').slice(0, 64)) }),
);
