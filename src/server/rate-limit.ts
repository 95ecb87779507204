import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { apiMessages } from '#lib/api/messages.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * A per-process limiter for cheap, anonymous endpoints. Limits that protect accounts or money are
 * kept in the database instead, so that they hold across processes.
 */
export function createLimiter({ points, duration }: Limit) {
  const limiter = new RateLimiterMemory({ points, duration });
  return {
    /** Counts one request for `key`; throws AppError `rate_limited` with Retry-After when over. */
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new AppError('rate_limited', apiMessages.rateLimited, { retryAfter: error.msBeforeNext / 1000 });
        }
        throw error;
      }
    },
  };
}
