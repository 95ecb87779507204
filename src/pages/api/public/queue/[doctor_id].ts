import * as v from 'valibot';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json, pathParam } from '#server/http.ts';
import { publicBoard } from '#server/queue/service.ts';
import { createLimiter } from '#server/rate-limit.ts';

// Public: a board polls every few seconds when its stream is cut; far above that is a scraper.
const limiter = createLimiter({ points: 120, duration: 60 });

/** `GET /api/public/queue/{doctor_id}` (no login): today's waiting-room board, no names or keys. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: v.object({ doctor_id: pathParam(100) }), rateLimit: limiter }, async ({ db, params, now }) =>
  json({ success: true, data: await publicBoard(db, bookingContext(), { doctorId: params.doctor_id, now }) }),
);
