import { DeskServiceRequestSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { deskServiceRequest } from '#server/service-requests/hospital.ts';

/** `GET /api/hospital/v1/service-requests/{key}`: one request in the desk's view, with its history and its files. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/service-requests/{key}',
    params: KeyParams,
    scope: 'service-requests',
    summary:
      "One service request: the patient, the phone and address, the day asked for, the e-prescription's tracking code, the files sent with it (the prescription's photos or PDF) and every move so far.",
    answer: { status: 200, data: DeskServiceRequestSchema },
  },
  ({ db, params }) => deskServiceRequest(db, catalogueServices(), params.key),
);
