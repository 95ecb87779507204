import * as v from 'valibot';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, pathParam, rowIdParam } from '#server/http.ts';
import { revokeInvoiceLink } from '#server/invoices/links.ts';
import { invoiceMessages } from '#server/invoices/messages.ts';

/** `POST /api/invoices/{key}/links/{id}/revoke`: the public link stops opening at once (404 for another's or an unknown link). */
export const { POST, ALL } = defineEndpoint(
  { method: 'POST', params: v.object({ key: pathParam(32), id: rowIdParam(invoiceMessages.linkMissing) }), auth: true, maxBytes: 256 },
  async ({ db, session, params, now }) => json({ success: true, data: await revokeInvoiceLink(db, { accountId: session.account.id, key: params.key, linkId: params.id, now }) }),
);
