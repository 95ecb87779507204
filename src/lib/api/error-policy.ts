import { readErrorEnvelope } from './envelope.ts';
import { apiMessages } from './messages.ts';

/** What the error policy may do; the browser wiring is in client.ts, tests pass fakes. */
export interface ErrorEffects {
  toastError(message: string): void;
  /** Spec §8: 401 opens the login modal and logs the user out. */
  reauthenticate(): void;
  navigate(path: string): void;
  /** Goes back one page when there is history; returns false when there is none. */
  goBack(): boolean;
  log(...details: unknown[]): void;
}

export interface FailedCall {
  /** Undefined when no response arrived (offline, DNS, CORS, aborted). */
  status: number | undefined;
  body: unknown;
}

export interface PolicyOptions {
  /** Forms show 422 field errors on their fields, so they are not toasted. */
  inlineFieldErrors?: boolean;
  /**
   * The form shows a refusal (406, 409) beside itself and the patient stays on the page: e.g. a
   * withdrawal beyond the balance, where going back would lose what was typed.
   */
  inlineRefusals?: boolean;
  /**
   * The page shows «not found» itself: a 404 for a key it read from its address (a service request
   * that is not there, or another account's) is its to tell, not a trip to /404.
   */
  inlineNotFound?: boolean;
}

/** The error policy of spec §8, applied to one failed API call. */
export function applyErrorPolicy({ status, body }: FailedCall, effects: ErrorEffects, options: PolicyOptions = {}): void {
  if (status === undefined) {
    effects.toastError(apiMessages.noInternet);
    return;
  }
  if (status === 401) {
    effects.reauthenticate();
    return;
  }
  if (options.inlineRefusals && (status === 406 || status === 409)) return;
  if (options.inlineNotFound && status === 404) return;
  const envelope = readErrorEnvelope(body);
  const messages = Object.values(envelope.fieldErrors).flat();
  if (options.inlineFieldErrors && status === 422 && messages.length > 0) return;
  if (messages.length > 0) {
    for (const message of messages) effects.toastError(message);
    return;
  }
  if (status === 404) {
    effects.navigate('/404');
  } else if (status === 406) {
    effects.toastError(envelope.message ?? apiMessages.unknown);
    effects.goBack();
  } else if (status >= 500) {
    effects.toastError(apiMessages.serverError);
  } else if (status >= 400) {
    effects.log('API call refused', status, body);
  } else {
    effects.toastError(envelope.message ?? apiMessages.unknown);
  }
}
