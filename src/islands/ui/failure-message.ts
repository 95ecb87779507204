import { describeFailure } from '#lib/api/failure.ts';

/**
 * The message for a call's alert when nothing else tells the patient (401 and 5xx are the error
 * policy's: the login popup, a toast). Apart from server-errors.ts, which puts field errors on a
 * form, so a confirmation or a dialog without a form does not load the form library and the rules.
 */
export function failureMessage(error: unknown): string | undefined {
  const failure = describeFailure(error);
  return failure.status !== undefined && failure.status < 500 && failure.status !== 401 ? failure.message : undefined;
}
