import { createLimiter } from '../rate-limit.ts';

/**
 * Per-address limits on the public invoice link (no login): a relative opens it a few times; far
 * above that is someone guessing tokens (hopeless at 128 bits, but not free for us to answer).
 */
export const publicInvoiceLimiter = createLimiter({ points: 60, duration: 60 });
/** Starting bank payments through a link: a few tries per minute per address. */
export const publicPayLimiter = createLimiter({ points: 10, duration: 60 });
