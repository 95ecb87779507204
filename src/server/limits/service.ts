/**
 * Limits counted in the database, so that they hold across every process of the portal (the
 * per-process limiter of server/rate-limit.ts is only for cheap anonymous reads). Each check runs
 * under a transaction-scoped advisory lock on its bucket and subject: a hundred parallel requests
 * of one subject read the count one after another, so exactly the allowance gets through.
 */

import { ago, rateLimited, windowOpensAt } from '../auth/limits.ts';
import type { Window } from '../auth/policy.ts';
import type { Db } from '../db/client.ts';
import { advisoryLock } from '../db/locks.ts';
import type { AppError } from '../errors.ts';
import { deleteEvent, insertEvent, insertEventReturningId, type LimitSubject, pruneEvents, recentEvents } from './repository.ts';

export type { Window } from '../auth/policy.ts';
export type { LimitSubject } from './repository.ts';

/** Every window is shorter than this; older events are deleted. */
export const LIMIT_EVENTS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/** Serialises the transactions about one subject of one bucket (released at commit or rollback). */
export const lockSubject = (tx: Db, { bucket, subject }: LimitSubject) => advisoryLock(tx, `limit:${bucket}:${subject}`);

/**
 * When one more event of `subject` fits into every window: 0 when it fits now, else the moment
 * (ms) the last of them opens. Reads only; call it under `lockSubject` in the transaction that
 * then records the event, or the count may be stale by the time it is written.
 */
export async function allowanceOpensAt(tx: Db, subject: LimitSubject, windows: readonly Window[], now: Date): Promise<number> {
  let opensAt = 0;
  for (const window of windows) {
    if (window.max <= 0) return Number.POSITIVE_INFINITY;
    const events = await recentEvents(tx, subject, ago(now, window.ms), window.max);
    opensAt = Math.max(opensAt, windowOpensAt(events, window, now));
  }
  return opensAt;
}

/** Records one event of `subject` (under the lock that the count was read under). */
export const recordEvent = (tx: Db, subject: LimitSubject, now: Date) => insertEvent(tx, subject, now);

/**
 * Takes one event of `subject`'s allowance inside the caller's transaction `tx`: locks the
 * subject, and records the event when every window has room. Returns 0 when taken, else when
 * the allowance opens again (ms); nothing is recorded then.
 */
export async function takeAllowance(tx: Db, subject: LimitSubject, windows: readonly Window[], now: Date): Promise<number> {
  await lockSubject(tx, subject);
  const opensAt = await allowanceOpensAt(tx, subject, windows, now);
  if (opensAt === 0) await insertEvent(tx, subject, now);
  return opensAt;
}

/** One event of an allowance to take: whose, under which windows, and the 429's wording when there is no room. */
export interface AllowanceRequest {
  subject: LimitSubject;
  windows: readonly Window[];
  message: (seconds: number) => string;
  now: Date;
}

/**
 * Takes one event of `subject`'s allowance in a transaction of its own, or throws the 429 (with
 * `Retry-After`) that `message` words. For a limit in front of an action that needs no
 * transaction of its own (opening a public link).
 */
export async function consumeAllowance(db: Db, { subject, windows, message, now }: AllowanceRequest): Promise<void> {
  const opensAt = await db.transaction((tx) => takeAllowance(tx, subject, windows, now));
  if (opensAt !== 0) throw refusal(message, opensAt, now);
}

/**
 * Takes one event of `subject`'s allowance inside the caller's transaction `tx`, or throws the 429
 * that `message` words (rolling the caller's transaction back, so nothing of it is recorded).
 */
export async function consumeAllowanceIn(tx: Db, { subject, windows, message, now }: AllowanceRequest): Promise<void> {
  const opensAt = await takeAllowance(tx, subject, windows, now);
  if (opensAt !== 0) throw refusal(message, opensAt, now);
}

/** A reservation: the event taken (its id, to give back), or when the allowance opens again. */
export type Reservation = { taken: true; eventId: number } | { taken: false; opensAt: number };

/**
 * Takes one event of `subject`'s allowance in a transaction of its own, for an attempt whose
 * outcome is known only after that transaction (a message a provider may refuse): the event holds
 * its place while the attempt runs, so racing attempts never exceed the allowance, and
 * `releaseAllowance` gives it back if the attempt did not happen.
 */
export async function reserveAllowance(db: Db, subject: LimitSubject, windows: readonly Window[], now: Date): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await lockSubject(tx, subject);
    const opensAt = await allowanceOpensAt(tx, subject, windows, now);
    if (opensAt !== 0) return { taken: false as const, opensAt };
    return { taken: true as const, eventId: await insertEventReturningId(tx, subject, now) };
  });
}

/** Gives back an event that `reserveAllowance` took for an attempt that did not happen. */
export const releaseAllowance = (db: Db, eventId: number) => deleteEvent(db, eventId);

/** The 429 for an allowance that opens at `opensAt` (an infinite one: a day). */
export function refusal(message: (seconds: number) => string, opensAt: number, now: Date): AppError {
  return rateLimited(message, Number.isFinite(opensAt) ? opensAt : now.getTime() + 24 * 60 * 60 * 1000, now);
}

/** A per-address limit counted in the database, for an endpoint's `rateLimit` or a page. */
export interface AddressLimit {
  /** Counts one request of `address`; throws the 429 (with Retry-After) when over. */
  consume(address: string, db: Db, now: Date): Promise<void>;
}

/**
 * A limit of `max` requests per `ms` for each client address, kept in the database under
 * `bucket`, so that every process of the portal draws on one allowance per address.
 */
export function addressLimit(bucket: string, window: Window, message: (seconds: number) => string): AddressLimit {
  return { consume: (address, db, now) => consumeAllowance(db, { subject: { bucket, subject: address }, windows: [window], message, now }) };
}

export const pruneLimitEvents = (db: Db, now: Date) => pruneEvents(db, ago(now, LIMIT_EVENTS_KEPT_MS));
