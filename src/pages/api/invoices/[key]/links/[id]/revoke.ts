import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { AppError } from '#server/errors.ts';
import { revokeInvoiceLink } from '#server/invoices/links.ts';
import { invoiceMessages } from '#server/invoices/messages.ts';

/** `POST /api/invoices/{key}/links/{id}/revoke`: the public link stops opening at once (404 for another's or an unknown link). */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, maxBytes: 256 }, async ({ db, session, context, now }) => {
  const id = String(context.params.id ?? '');
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new AppError('not_found', invoiceMessages.linkMissing);
  return json({ success: true, data: await revokeInvoiceLink(db, { accountId: session.account.id, key: String(context.params.key ?? '').slice(0, 32), linkId: Number(id), now }) });
});
