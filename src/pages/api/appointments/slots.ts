import { SlotsQuerySchema } from '#lib/api/contracts/appointments.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { listSlots } from '#server/appointments/slots.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { createLimiter } from '#server/rate-limit.ts';

// Public: a patient browsing days taps a few times a minute; far above that is a scraper.
const limiter = createLimiter({ points: 120, duration: 60 });

/** `GET /api/appointments/slots?doctor_id&from&days`: the doctor's days and slots, free or taken now (public). */
export const { GET, ALL } = defineEndpoint({ method: 'GET', query: SlotsQuerySchema, rateLimit: limiter }, async ({ db, query, now }) => {
  const result = await listSlots(db, bookingContext(), { doctorId: query.doctor_id, from: query.from, days: query.days }, now);
  return json({
    success: true,
    data: result.days,
    meta: {
      doctor_id: query.doctor_id,
      from: result.from,
      days: query.days,
      fee: result.fee,
      visit_minutes: result.visitMinutes,
      cancel_free_hours: result.cancelFreeHours,
      hold_minutes: result.holdMinutes,
      min_lead_minutes: result.minLeadMinutes,
      ...(result.nextFree ? { next_free: result.nextFree } : {}),
    },
  });
});
