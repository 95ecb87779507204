import { bookingContext } from '../appointments/default-context.ts';
import { nextFreeStarts } from '../appointments/slots.ts';
import { getDb } from '../db/index.ts';
import { logError } from '../log.ts';

/**
 * How long a doctor's next free time is reused. The finder lists every matching doctor (46 in the
 * demo catalogue: two queries each, about 170 ms on the embedded database), and its answer is
 * cached for 5 minutes by browsers anyway; a look-up a few seconds old is as good.
 */
const REUSE_MS = 30_000;
const known = new Map<string, { start: string | null; until: number }>();

async function lookUp(doctorIds: readonly string[], now: Date): Promise<Array<readonly [string, string | null]>> {
  const db = await getDb();
  const ctx = bookingContext();
  return Promise.all(doctorIds.map(async (id) => [id, (await nextFreeStarts(db, { ctx, doctorId: id, now, limit: 1 }))[0] ?? null] as const));
}

/**
 * The next free start of each of `doctorIds` (the doctors one finder page lists), for the «next free
 * time» line of its cards: the ISO instant, or null when the booking window has none. A doctor whose
 * look-up fails is left out, so the card shows its working days instead of failing the page.
 */
export async function nextFreeTimes(doctorIds: readonly string[], now: Date): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  const missing: string[] = [];
  for (const id of doctorIds) {
    const entry = known.get(id);
    // Reused only while fresh and still ahead: a slot that has started is no longer «next».
    if (entry && entry.until > now.getTime() && (entry.start === null || Date.parse(entry.start) > now.getTime())) found.set(id, entry.start);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  try {
    for (const [id, start] of await lookUp(missing, now)) {
      found.set(id, start);
      known.set(id, { start, until: now.getTime() + REUSE_MS });
    }
  } catch (error) {
    logError('finding the next free times for the finder', error);
  }
  return found;
}
