import { HoldRefusalsSchema } from '#lib/api/contracts/hospital.ts';
import { holdRefusals } from '#server/appointments/hold-refusals.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';

/** `GET /api/hospital/v1/hold-refusals`: the phones and addresses refused the most slot holds in the last 24 hours. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/hold-refusals',
    scope: 'appointments',
    summary: 'The phones and addresses refused the most slot holds in the last 24 hours (20 of each, most refused first), with how many accounts each phone owns.',
    description:
      'A hold is refused beyond HOLD_LIMIT_PER_PHONE open holds of one phone (all its accounts together), beyond HOLD_LIMIT_PER_ADDRESS from one address, or when a phone re-holds a slot within HOLD_MINUTES of its hold of that slot lapsing. A subject high on this list is holding slots it does not pay for.',
    answer: { status: 200, data: HoldRefusalsSchema },
  },
  ({ db, now }) => holdRefusals(db, now),
);
