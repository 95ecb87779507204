import { REQUEST_FILE_MAX_BYTES, RequestFileQuerySchema } from '#lib/api/contracts/service-requests.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, readBytes } from '#server/http.ts';
import { uploadRequestFile } from '#server/service-requests/files.ts';

/**
 * `POST /api/service-requests/files?name=<file name>`: the body is the file's bytes (any
 * Content-Type; the type is read from the bytes). 201 with the file's id, to send in the request's
 * `file_ids`. The server reads this route's body itself, up to the file limit (web/upload-body.ts).
 */
export const { POST, ALL } = defineEndpoint({ method: 'POST', auth: true, query: RequestFileQuerySchema }, async ({ db, session, query, context, now }) => {
  const bytes = await readBytes(context.request, REQUEST_FILE_MAX_BYTES);
  const file = await uploadRequestFile(db, session.account.id, { bytes, name: query.name }, now);
  return json({ success: true, data: file }, { status: 201 });
});
