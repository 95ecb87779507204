import { apiMessages } from '#lib/api/messages.ts';
import { addressLimit } from '../limits/service.ts';

const MINUTE = 60_000;
const limited = () => apiMessages.rateLimited;

/**
 * Per-address limits on the public invoice link (no login), counted in the database so that they
 * hold across every process: a relative opens it a few times; far above that is someone guessing
 * tokens (hopeless at 128 bits, but not free for us to answer).
 */
export const publicInvoiceLimit = addressLimit('public-invoice-view', { max: 60, ms: MINUTE }, limited);
/** Starting bank payments through a link: a few tries per minute per address. */
export const publicPayLimit = addressLimit('public-invoice-pay', { max: 10, ms: MINUTE }, limited);
