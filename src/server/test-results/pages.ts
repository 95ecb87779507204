/**
 * The shared result page (`/test-response/shared/<token>`, no login): what it shows, with the same
 * per-address limit as the public API call.
 */
import '../effects.ts';
import type { APIContext } from 'astro';
import type { SharedTestResult } from '#lib/api/contracts/test-results.ts';
import { clientAddress } from '../client-address.ts';
import { getDb } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { sharedResultLimit } from './limits.ts';
import { sharedTestResult } from './service.ts';
import { resultContext } from './settings.ts';

type Caller = Pick<APIContext, 'request' | 'clientAddress'>;

export type SharedResultView =
  | { kind: 'result'; result: SharedTestResult }
  /** Unknown, expired or revoked: one answer for all. */
  | { kind: 'missing'; message: string }
  | { kind: 'limited'; message: string; retryAfter: number };

/** The result a share link opens, the name masked; the same answer for every link that does not open. */
export async function showSharedResult(caller: Caller, token: string, now: Date): Promise<SharedResultView> {
  try {
    const db = await getDb();
    await sharedResultLimit.consume(clientAddress(caller), db, now);
    return { kind: 'result', result: await sharedTestResult(db, resultContext(), token, now) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return { kind: 'missing', message: error.message };
    if (error instanceof AppError && error.code === 'rate_limited') return { kind: 'limited', message: error.message, retryAfter: Math.max(1, Math.ceil(error.retryAfter ?? 60)) };
    throw error;
  }
}
