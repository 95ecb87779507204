import { ServiceRequestSchema, ServiceRequestsQuerySchema } from '#lib/api/contracts/service-requests.ts';
import { combineEndpoints, defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { createServiceRequest, listServiceRequests } from '#server/service-requests/service.ts';

/** `GET /api/service-requests?status&page&per_page` (newest first) and `POST /api/service-requests` (201, api.md). */
export const { GET, POST, ALL } = combineEndpoints(
  defineEndpoint({ method: 'GET', auth: true, query: ServiceRequestsQuerySchema }, async ({ db, session, query }) => {
    const { items, total } = await listServiceRequests(db, catalogueServices(), session.account.id, query);
    return json({ success: true, data: items, meta: { page: query.page, per_page: query.per_page, total } });
  }),
  defineEndpoint({ method: 'POST', auth: true, schema: ServiceRequestSchema, maxBytes: 8 * 1024 }, async ({ db, session, input, now }) => {
    const { account } = session;
    const request = await createServiceRequest(db, {
      services: catalogueServices(),
      requester: { id: account.id, firstName: account.firstName, lastName: account.lastName },
      body: input,
      now,
    });
    return json({ success: true, data: request }, { status: 201 });
  }),
);
