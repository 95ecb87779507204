import type { Db } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import type { BookingContext } from './context.ts';
import { nextFreeStarts } from './slots.ts';

/** Alternatives a 409 offers. */
const ALTERNATIVES = 5;
/** The doctor's next free starts read at once: a few more than offered, as the refused start may be among them. */
const CANDIDATES = 2 * ALTERNATIVES;
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
const readsOf = perDatabase(() => new Map<string, Read>());

/** The context's parts the free starts depend on (the process makes a new context object per request). */
const sameRules = (a: BookingContext, b: BookingContext) => a.catalogue === b.catalogue && a.holiday === b.holiday && a.settings.minLeadMinutes === b.settings.minLeadMinutes;

const usable = (read: Read, ctx: BookingContext, now: Date) =>
  sameRules(read.ctx, ctx) && Math.abs(now.getTime() - read.now) < SAME_MOMENT_MS && (read.cameBack === undefined || performance.now() - read.cameBack < FRESH_MS);

function candidates(db: Db, { ctx, doctorId, now }: { ctx: BookingContext; doctorId: string; now: Date }): Promise<string[]> {
  const ofDb = readsOf(db);
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
  readsOf(db).delete(doctorId);
}

/**
 * A 409's alternatives (spec/api.md): the doctor's next ALTERNATIVES free starts, in time order,
 * without `refused` (the start just refused, which a shared read may still list). Read outside any
 * transaction, through a short-lived per-process copy (FRESH_MS). A crowd refused at once is offered
 * the same starts; the patients, not the server, choose among them (the booking page lists them all).
 */
export async function alternativesFor(db: Db, { ctx, doctorId, now, refused }: { ctx: BookingContext; doctorId: string; now: Date; refused?: Date }): Promise<string[]> {
  const free = await candidates(db, { ctx, doctorId, now });
  return free.filter((start) => refused === undefined || Date.parse(start) !== refused.getTime()).slice(0, ALTERNATIVES);
}
