import { DeskServiceRequestSchema, HospitalServiceRequestsQuerySchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { listServiceRequestsForHospital } from '#server/service-requests/hospital.ts';

/** `GET /api/hospital/v1/service-requests?status=&page=&per_page=`: the desk's queue of service requests, oldest first. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/service-requests',
    scope: 'service-requests',
    summary:
      "Patients' service requests, oldest first: the open ones (the desk's queue) by default, or all, or one status; with the patient, the phone to call, the address and the day and window asked for.",
    query: HospitalServiceRequestsQuerySchema,
    answer: { status: 200, data: DeskServiceRequestSchema, list: true },
  },
  ({ db, query }) => listServiceRequestsForHospital(db, catalogueServices(), query),
);
