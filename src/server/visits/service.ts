import type { Db } from '../db/client.ts';
import { type VisitBuffer, visitBuffer } from './buffer.ts';
import { insertVisit, type NewVisit } from './repository.ts';
import type { TrackVisitInput } from './schema.ts';

/** The row of one page view as the browser reported it, seen at `at`. */
export function visitRow(input: TrackVisitInput, at: Date): NewVisit {
  return {
    visitorId: input.visitor_id,
    path: input.path,
    referrer: input.referrer,
    userAgent: input.user_agent,
    screenWidth: input.screen_width,
    screenHeight: input.screen_height,
    deviceType: input.device_type,
    createdAt: at,
  };
}

/** Stores one page view now (one INSERT). */
export async function recordVisit(db: Db, input: TrackVisitInput, at = new Date()): Promise<void> {
  await insertVisit(db, visitRow(input, at));
}

/**
 * Queues one page view for the next batched INSERT and returns at once (decision 008); the row
 * keeps `at`, the time of the request, not of the write.
 */
export function queueVisit(input: TrackVisitInput, at = new Date(), buffer: VisitBuffer = visitBuffer()): void {
  buffer.add(visitRow(input, at));
}
