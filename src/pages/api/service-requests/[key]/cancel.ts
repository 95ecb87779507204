import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { cancelServiceRequest } from '#server/service-requests/service.ts';

/** `POST /api/service-requests/{key}/cancel`: only while submitted or reviewing (409 after). */
export const { POST, ALL } = defineEndpoint({ method: 'POST', params: KeyParams, auth: true, maxBytes: 256 }, async ({ db, session, params, now }) =>
  json({ success: true, data: await cancelServiceRequest(db, { services: catalogueServices(), accountId: session.account.id, key: params.key, now }) }),
);
