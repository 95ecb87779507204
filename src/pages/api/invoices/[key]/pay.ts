import { InvoicePaySchema } from '#lib/api/contracts/invoices.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { json, KeyParams } from '#server/http.ts';
import { payInvoice } from '#server/invoices/service.ts';
import { catalogueServices, invoiceSettings } from '#server/invoices/settings.ts';

/** `POST /api/invoices/{key}/pay {use_wallet}`: paid when the wallet covers it, else a bank payment for the rest. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, schema: InvoicePaySchema, maxBytes: 256 }, async ({ db, session, params, input, now }) => {
  const result = await payInvoice(db, {
    services: catalogueServices(),
    settings: invoiceSettings(),
    gateway: env().PAYMENT_GATEWAY,
    accountId: session.account.id,
    key: params.key,
    useWallet: input.use_wallet,
    now,
  });
  return json({ success: true, data: result });
});
