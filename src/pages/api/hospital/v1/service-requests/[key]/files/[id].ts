import { REQUEST_FILE_TYPES } from '#lib/api/contracts/service-requests.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { fileHeaders } from '#server/service-requests/files.ts';
import { deskRequestFile } from '#server/service-requests/hospital.ts';

/** `GET /api/hospital/v1/service-requests/{key}/files/{id}`: the bytes of one file of a request, as an attachment. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/service-requests/{key}/files/{id}',
    scope: 'service-requests',
    summary: 'One file the patient sent with a service request (a photo or PDF of the prescription), as an attachment.',
    description:
      'The type is the one the portal recognised from the bytes (images were re-encoded without their metadata); `Content-Disposition: attachment` carries the cleaned name. ' +
      'The `id`s are in the request\'s `files`. 404 for an id that is not a file of this request.',
    answer: { status: 200, file: REQUEST_FILE_TYPES },
    errors: [404],
  },
  async ({ db, params }) => {
    const file = await deskRequestFile(db, params.key!.slice(0, 32), params.id!.slice(0, 64));
    return new Response(new Uint8Array(file.data), { status: 200, headers: fileHeaders(file) });
  },
);
