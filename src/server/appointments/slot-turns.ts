import type { Db } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';

/** Per database, per slot: the hold attempt this process is making now. */
const attemptsOf = perDatabase(() => new Map<string, Promise<unknown>>());

/** What a waiting attempt learnt from the one before it: the slot is kept. */
export const KEPT_BEFORE = Symbol('kept by the attempt before');

/**
 * Runs `attempt` once no other attempt of this process on the same slot (`slotKey`) is under way,
 * so that a crowd after one slot does not enter its hold transaction all at once: the attempts
 * wait, without a connection, and when the one before ends in what `keeps` calls a kept slot, all
 * of them answer KEPT_BEFORE at once; otherwise the next takes its turn. Across processes the slot
 * index still decides.
 */
export async function inTurn<T>(db: Db, { slotKey, keeps }: { slotKey: string; keeps: (outcome: T) => boolean }, attempt: () => Promise<T>): Promise<T | typeof KEPT_BEFORE> {
  const ofDb = attemptsOf(db);
  for (let current = ofDb.get(slotKey); current; current = ofDb.get(slotKey)) {
    const outcome = await (current as Promise<T>).then(
      (value) => ({ value }),
      () => undefined,
    );
    if (outcome && keeps(outcome.value)) return KEPT_BEFORE;
  }
  const mine = attempt();
  ofDb.set(slotKey, mine);
  try {
    return await mine;
  } finally {
    if (ofDb.get(slotKey) === mine) ofDb.delete(slotKey);
  }
}
