import * as v from 'valibot';
import { defineEndpoint } from '#server/endpoint.ts';
import { pathParam } from '#server/http.ts';
import { fileHeaders } from '#server/service-requests/files.ts';
import { requestFileOf } from '#server/service-requests/service.ts';

/** `GET /api/service-requests/{key}/files/{id}`: one file of the patient's request, as an attachment; 404 for anyone else's. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: v.object({ key: pathParam(32), id: pathParam(64) }), auth: true }, async ({ db, session, params }) => {
  const file = await requestFileOf(db, session.account.id, params.key, params.id);
  return new Response(new Uint8Array(file.data), { status: 200, headers: fileHeaders(file) });
});
