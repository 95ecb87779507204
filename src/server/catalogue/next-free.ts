import { bookingContext } from '../booking/default-context.ts';
import { nextFreeStarts } from '../booking/slots.ts';
import { getDb } from '../db/index.ts';
import { logError } from '../log.ts';

/**
 * The next free start of each of `doctorIds` (the doctors one finder page lists), for the «next free
 * time» line of its cards: the ISO instant, or null when the booking window has none. A doctor whose
 * look-up fails is left out, so the card falls back to its working days instead of failing the page.
 */
export async function nextFreeTimes(doctorIds: readonly string[], now: Date): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  if (doctorIds.length === 0) return found;
  try {
    const db = await getDb();
    const ctx = bookingContext();
    const answers = await Promise.all(doctorIds.map(async (id) => [id, (await nextFreeStarts(db, ctx, id, now, 1))[0] ?? null] as const));
    for (const [id, start] of answers) found.set(id, start);
  } catch (error) {
    logError('finding the next free times for the finder', error);
  }
  return found;
}
