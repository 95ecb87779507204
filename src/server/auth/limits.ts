import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Window } from './policy.ts';

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** When one more event fits into `window`, given the recent events newest first; 0 when it fits now. */
export function windowOpensAt(newestFirst: readonly Date[], window: Window, now: Date): number {
  const blocking = newestFirst[window.max - 1];
  const opensAt = blocking ? blocking.getTime() + window.ms : 0;
  return opensAt > now.getTime() ? opensAt : 0;
}

/** The 429 for a limit that opens again at `until` (ms), with the wait in seconds. */
export function rateLimited(message: (seconds: number) => string, until: number, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new AppError('rate_limited', message(seconds), { retryAfter: seconds });
}

/**
 * Runs `work` in one transaction. A refusal that must keep what `work` recorded (a failed check,
 * a wrong try, a conflict) is returned by `work`, not thrown: the transaction commits, and the
 * refusal is thrown afterwards. Anything `work` throws rolls everything back.
 */
export async function transactionThenRefuse<T>(db: Db, work: (tx: Db) => Promise<T | AppError>): Promise<T> {
  const outcome = await db.transaction((tx) => work(tx));
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** `0912***567`, for logs. */
export const maskPhone = (phoneNumber: string) => `${phoneNumber.slice(0, 4)}***${phoneNumber.slice(-3)}`;
