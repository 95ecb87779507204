import type { Db } from '../db/client.ts';
import type { TrackVisitInput } from './schema.ts';
import { insertVisit } from './repository.ts';

/** Stores one page view as the browser reported it. */
export async function recordVisit(db: Db, input: TrackVisitInput): Promise<void> {
  await insertVisit(db, {
    visitorId: input.visitor_id,
    path: input.path,
    referrer: input.referrer,
    userAgent: input.user_agent,
    screenWidth: input.screen_width,
    screenHeight: input.screen_height,
    deviceType: input.device_type,
  });
}
