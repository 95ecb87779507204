import { FetchError } from 'ofetch';
import { toPersianDigits } from '../format/digits.ts';
import { apiMessages } from './messages.ts';

/** A failed call, told in Persian for a form to show beside its fields (the login popup, the profile). */
export interface Failure {
  message: string;
  status: number | undefined;
  fieldErrors: Record<string, string[]>;
  /** Seconds, from Retry-After on a 429. */
  retryAfter: number | undefined;
}

interface Envelope {
  message?: unknown;
  errors?: unknown;
}

export function describeFailure(error: unknown): Failure {
  if (!(error instanceof FetchError) || !error.response) {
    return { message: apiMessages.noInternet, status: undefined, fieldErrors: {}, retryAfter: undefined };
  }
  const status = error.response.status;
  const body = (error.data ?? {}) as Envelope;
  const fieldErrors: Record<string, string[]> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, messages] of Object.entries(body.errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.filter((m): m is string => typeof m === 'string');
    }
  }
  const retryHeader = Number(error.response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
  let message = typeof body.message === 'string' && body.message ? body.message : apiMessages.unknown;
  if (status >= 500) message = apiMessages.serverError;
  else if (status === 429 && retryAfter && typeof body.message !== 'string') {
    message = `${apiMessages.rateLimited} (${toPersianDigits(retryAfter)} ثانیه)`;
  }
  return { message, status, fieldErrors, retryAfter };
}
