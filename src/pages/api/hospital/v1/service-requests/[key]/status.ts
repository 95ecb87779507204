import { DeskServiceRequestSchema } from '#lib/api/contracts/hospital.ts';
import { ServiceRequestStatusSchema } from '#lib/api/contracts/service-requests.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { catalogueServices } from '#server/invoices/settings.ts';
import { moveServiceRequestForHospital } from '#server/service-requests/hospital.ts';

/** `POST /api/hospital/v1/service-requests/{key}/status {status, note?, scheduled_at?}`: moves a request along; the patient gets an SMS. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/service-requests/{key}/status',
    params: KeyParams,
    scope: 'service-requests',
    summary: 'Moves a service request to its next status; the patient gets an SMS (with the note, and the visit time for `scheduled`).',
    description:
      'The moves: submitted → reviewing, scheduled, rejected or cancelled; reviewing → scheduled, rejected or cancelled; scheduled → scheduled (a new time), in_progress, done or cancelled; ' +
      'in_progress → done or cancelled. done, cancelled and rejected are final. Any other move answers 409. `scheduled` needs `scheduled_at` in the future.',
    schema: ServiceRequestStatusSchema,
    maxBytes: 4096,
    answer: { status: 200, data: DeskServiceRequestSchema },
  },
  ({ db, params, input, now }) => moveServiceRequestForHospital(db, { services: catalogueServices(), key: params.key, body: input, now }),
);
