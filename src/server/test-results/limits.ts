import { apiMessages } from '#lib/api/messages.ts';
import { addressLimit } from '../limits/service.ts';

/**
 * Per-address limit on opening shared results (no login), counted in the database so that it holds
 * across every process: a doctor opens a link a few times; far above that is someone guessing
 * tokens (hopeless at 128 bits, but not free for us to answer).
 */
export const sharedResultLimit = addressLimit('shared-result-view', { max: 60, ms: 60_000 }, () => apiMessages.rateLimited);
