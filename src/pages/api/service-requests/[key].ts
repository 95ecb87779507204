import { defineEndpoint } from '#server/endpoint.ts';
import { json, KeyParams } from '#server/http.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { getServiceRequest } from '#server/service-requests/service.ts';

/** `GET /api/service-requests/{key}`: the request with its history and invoices; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params }) =>
  json({ success: true, data: await getServiceRequest(db, catalogueServices(), session.account.id, params.key) }),
);
