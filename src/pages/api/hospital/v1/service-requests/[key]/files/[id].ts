import * as v from 'valibot';
import { REQUEST_FILE_TYPES } from '#lib/api/contracts/service-requests.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam } from '#server/http.ts';
import { fileHeaders } from '#server/service-requests/files.ts';
import { deskRequestFile } from '#server/service-requests/hospital.ts';

/** `GET /api/hospital/v1/service-requests/{key}/files/{id}`: the bytes of one file of a request, as an attachment. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/service-requests/{key}/files/{id}',
    params: v.object({ key: pathParam(32), id: pathParam(64) }),
    scope: 'service-requests',
    summary: 'One file the patient sent with a service request (a photo or PDF of the prescription), as an attachment.',
    description:
      'The type is the one the portal recognised from the bytes (images were re-encoded without their metadata); `Content-Disposition: attachment` carries the cleaned name. ' +
      "The `id`s are in the request's `files`. 404 for an id that is not a file of this request.",
    answer: { status: 200, file: REQUEST_FILE_TYPES },
  },
  async ({ db, params }) => {
    const file = await deskRequestFile(db, params.key, params.id);
    return new Response(new Uint8Array(file.data), { status: 200, headers: fileHeaders(file) });
  },
);
