import { WaitlistStatsSchema } from '#lib/api/contracts/waitlist-desk.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { waitlistStats } from '#server/waitlist/stats.ts';

/** `GET /api/hospital/v1/waitlist/stats`: what the waitlist did, all doctors together. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/waitlist/stats',
    scope: 'appointments',
    summary:
      'What the waitlist did, all doctors and all time together: entries by status, offers by outcome, and for the offers booked the days from joining to the visit and the days gained.',
    description:
      'Days gained: the first slot the patient could have booked when joining, less the slot booked from the line. When the booking window had no free slot then, its end (joining + 31 days) stands for the first slot, so the gain is a lower bound. Medians and the mean are rounded to one decimal; null when nothing was booked.',
    answer: { status: 200, data: WaitlistStatsSchema },
  },
  ({ db }) => waitlistStats(db),
);
