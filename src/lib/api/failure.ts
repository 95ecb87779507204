import { toPersianDigits } from '../format/digits.ts';
import { readErrorEnvelope } from './envelope.ts';
import { FetchError } from './fetch-error.ts';
import { apiMessages } from './messages.ts';

/** A failed call, told in Persian for a form to show beside its fields (the login popup, the profile). */
export interface Failure {
  message: string;
  status: number | undefined;
  fieldErrors: Record<string, string[]>;
  /** Seconds, from Retry-After on a 429. */
  retryAfter: number | undefined;
}

export function describeFailure(error: unknown): Failure {
  if (!(error instanceof FetchError) || !error.response) {
    return { message: apiMessages.noInternet, status: undefined, fieldErrors: {}, retryAfter: undefined };
  }
  const status = error.response.status;
  const { message: bodyMessage, fieldErrors } = readErrorEnvelope(error.data);
  const retryHeader = Number(error.response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
  let message = bodyMessage ?? apiMessages.unknown;
  if (status >= 500) message = apiMessages.serverError;
  else if (status === 429 && retryAfter && bodyMessage === undefined) {
    message = `${apiMessages.rateLimited} (${toPersianDigits(retryAfter)} ثانیه)`;
  }
  return { message, status, fieldErrors, retryAfter };
}
