import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json, TokenParams } from '#server/http.ts';
import { publicPayLimit } from '#server/invoices/limits.ts';
import { payByLink } from '#server/invoices/links.ts';
import { invoiceSettings } from '#server/invoices/settings.ts';

/** `POST /api/public/invoices/{token}/pay` (no login): `{payment_id, redirect_url}`, a bank payment of the whole amount. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: TokenParams, maxBytes: 256, rateLimit: publicPayLimit }, async ({ db, params, now }) =>
  json({ success: true, data: await payByLink(db, { settings: invoiceSettings(), gateway: env().PAYMENT_GATEWAY, token: params.token, now }) }),
);
