import { createLimiter } from '../rate-limit.ts';

/**
 * Per-address limit on opening shared results (no login): a doctor opens a link a few times; far
 * above that is someone guessing tokens (hopeless at 128 bits, but not free for us to answer).
 */
export const sharedResultLimiter = createLimiter({ points: 60, duration: 60 });
