import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { shareInvoice } from '#server/invoices/links.ts';

/** `POST /api/invoices/{key}/share`: `{url}`, a public link (`/sr/invoice/<token>`) that lets anyone see and pay it. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, maxBytes: 256 }, async ({ db, session, params, now }) =>
  json({ success: true, data: await shareInvoice(db, session.account.id, params.key, now) }),
);
