import type { Db } from '../db/client.ts';
import type { BookingContext } from './context.ts';
import { nextFreeStarts } from './slots.ts';

/** Alternatives a 409 offers. */
const ALTERNATIVES = 5;
/** The doctor's next free starts the alternatives are drawn from. */
const CANDIDATES = 4 * ALTERNATIVES;
/**
 * How long one read of a doctor's free starts answers the 409s of this process once it has come
 * back (while it is on its way, every 409 waits for it). When a crowd wants one doctor, hundreds of
 * refusals a second would each read the same week; a start taken in the meantime costs its taker's
 * neighbour one more 409, which the slot index answers as before.
 */
const FRESH_MS = 250;
/** A read shared by requests whose clocks are this close: the lead time moves the first free start with the clock. */
const SAME_MOMENT_MS = 5000;

interface Read {
  ctx: BookingContext;
  now: number;
  starts: Promise<string[]>;
  /** When the read came back (performance.now()); undefined while it is on its way. */
  cameBack?: number;
}

/** Per database, per doctor: the last read of the next free starts. */
const reads = new WeakMap<Db, Map<string, Read>>();

/** The context's parts the free starts depend on (the process makes a new context object per request). */
const sameRules = (a: BookingContext, b: BookingContext) => a.catalogue === b.catalogue && a.holiday === b.holiday && a.settings.minLeadMinutes === b.settings.minLeadMinutes;

const usable = (read: Read, ctx: BookingContext, now: Date) =>
  sameRules(read.ctx, ctx) && Math.abs(now.getTime() - read.now) < SAME_MOMENT_MS && (read.cameBack === undefined || performance.now() - read.cameBack < FRESH_MS);

function candidates(db: Db, { ctx, doctorId, now }: { ctx: BookingContext; doctorId: string; now: Date }): Promise<string[]> {
  let ofDb = reads.get(db);
  if (!ofDb) {
    ofDb = new Map();
    reads.set(db, ofDb);
  }
  const last = ofDb.get(doctorId);
  if (last && usable(last, ctx, now)) return last.starts;
  const read: Read = { ctx, now: now.getTime(), starts: nextFreeStarts(db, { ctx, doctorId, now, limit: CANDIDATES }) };
  ofDb.set(doctorId, read);
  read.starts.then(
    () => {
      read.cameBack = performance.now();
    },
    () => {
      if (ofDb.get(doctorId) === read) ofDb.delete(doctorId);
    },
  );
  return read.starts;
}

/** Forgets the doctor's free starts read on `db`: this process has just taken one of them. */
export function forgetFreeStarts(db: Db, doctorId: string): void {
  reads.get(db)?.delete(doctorId);
}

/**
 * A 409's alternatives for `accountId`: ALTERNATIVES of the doctor's next CANDIDATES free starts,
 * consecutive from an offset of the account's own, in time order, without `refused` (the start
 * just refused). Everyone refused at once used to be sent to the same first five, and collided
 * there again; spread over the next twenty they mostly do not. With few starts left, all of them.
 * Read outside any transaction, through a short-lived per-process copy (FRESH_MS).
 */
export async function alternativesFor(
  db: Db,
  { ctx, doctorId, now, accountId, refused }: { ctx: BookingContext; doctorId: string; now: Date; accountId: number; refused?: Date },
): Promise<string[]> {
  const free = (await candidates(db, { ctx, doctorId, now })).filter((start) => refused === undefined || Date.parse(start) !== refused.getTime());
  return spreadAmong(free, accountId);
}

/** ALTERNATIVES of `free` (ISO starts in time order), consecutive from the account's offset, wrapping, in time order. */
export function spreadAmong(free: readonly string[], accountId: number): string[] {
  if (free.length <= ALTERNATIVES) return [...free];
  const offset = accountId % free.length;
  return [...free.slice(offset), ...free.slice(0, offset)].slice(0, ALTERNATIVES).sort();
}
