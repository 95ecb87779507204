import * as v from 'valibot';
import { noControlCharacters, singleLine } from '#lib/validation/base.ts';
import { maxLength } from '#lib/validation/text.ts';

/** One line of text as the browser sent it (not normalised: it is recorded as reported). */
const text = (max: number) => v.pipe(v.string(), noControlCharacters(), singleLine(), maxLength(max));
const screenSide = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000));

/** Body of `POST /api/app/track-visit` (spec §3, §7). */
export const TrackVisitSchema = v.object({
  visitor_id: v.pipe(v.string(), v.uuid()),
  path: v.pipe(text(2048), v.startsWith('/')),
  referrer: text(2048),
  user_agent: text(512),
  screen_width: screenSide,
  screen_height: screenSide,
  device_type: v.picklist(['mobile', 'tablet', 'desktop']),
});

export type TrackVisitInput = v.InferOutput<typeof TrackVisitSchema>;

/** Largest body accepted: the longest valid payload is about 5 KB. */
export const TRACK_VISIT_MAX_BYTES = 8 * 1024;
