import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json } from '#server/http.ts';
import { payByLink } from '#server/invoices/links.ts';
import { publicPayLimit } from '#server/invoices/limits.ts';
import { invoiceSettings } from '#server/invoices/settings.ts';

/** `POST /api/public/invoices/{token}/pay` (no login): `{payment_id, redirect_url}`, a bank payment of the whole amount. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', maxBytes: 256, rateLimit: publicPayLimit }, async ({ db, context, now }) =>
  json({ success: true, data: await payByLink(db, { settings: invoiceSettings(), gateway: env().PAYMENT_GATEWAY, token: String(context.params.token ?? '').slice(0, 64), now }) }),
);
