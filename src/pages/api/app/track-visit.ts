import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { createLimiter } from '#server/rate-limit.ts';
import { TRACK_VISIT_MAX_BYTES, TrackVisitSchema } from '#server/visits/schema.ts';
import { queueVisit } from '#server/visits/service.ts';

// A page view per navigation: two a second for a minute is far above what one person does.
const limiter = createLimiter({ points: 120, duration: 60 });

/** Answers 201 at once; the visit is written with the next batch (decision 008). */
export const { POST, ALL } = defineEndpoint({ method: 'POST', schema: TrackVisitSchema, maxBytes: TRACK_VISIT_MAX_BYTES, rateLimit: limiter }, async ({ input, now }) => {
  queueVisit(input, now);
  return json({ success: true }, { status: 201 });
});
