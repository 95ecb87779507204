import { defineEndpoint } from '#server/endpoint.ts';
import { fileHeaders } from '#server/service-requests/files.ts';
import { requestFileOf } from '#server/service-requests/service.ts';

/** `GET /api/service-requests/{key}/files/{id}`: one file of the patient's request, as an attachment; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session, context }) => {
  const file = await requestFileOf(db, session.account.id, String(context.params.key ?? '').slice(0, 32), String(context.params.id ?? '').slice(0, 64));
  return new Response(new Uint8Array(file.data), { status: 200, headers: fileHeaders(file) });
});
