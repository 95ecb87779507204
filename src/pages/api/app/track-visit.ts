import type { APIRoute } from 'astro';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed, readJson } from '../../../server/http.ts';
import { clientAddress } from '../../../server/client-address.ts';
import { createLimiter } from '../../../server/rate-limit.ts';
import { TRACK_VISIT_MAX_BYTES, TrackVisitSchema } from '../../../server/visits/schema.ts';
import { recordVisit } from '../../../server/visits/service.ts';

export const prerender = false;

// A page view per navigation: two a second for a minute is far above what one person does.
const limiter = createLimiter({ points: 120, duration: 60 });

export const POST: APIRoute = endpoint(async (context) => {
  await limiter.consume(clientAddress(context));
  const input = await readJson(context.request, TrackVisitSchema, { maxBytes: TRACK_VISIT_MAX_BYTES });
  await recordVisit(await getDb(), input);
  return json({ success: true }, { status: 201 });
});

export const ALL: APIRoute = methodNotAllowed('POST');
