import { $token, logout } from '#client/state/auth.ts';
import { openOnlyModal } from '#client/state/modals.ts';
import { applyErrorPolicy, type ErrorEffects, type PolicyOptions } from '#lib/api/error-policy.ts';
import { FetchError } from '#lib/api/fetch-error.ts';
import { apiMessages } from '#lib/api/messages.ts';
import { notify } from '../toasts.ts';

import { API_BASE_URL } from './base.ts';
import { createFetcher, type FetchOptions } from './fetcher.ts';

const browserEffects: ErrorEffects = {
  toastError: (message) => notify.error(message),
  reauthenticate: () => {
    logout({ redirectTo: null });
    openOnlyModal('login-phone');
  },
  navigate: (path) => location.assign(path),
  goBack: () => {
    if (history.length <= 1) return false;
    history.back();
    return true;
  },
  log: (...details) => console.warn(...details),
};

/** Raised by `authApi` when no one is logged in (spec §8). */
export class NotAuthenticatedError extends Error {
  override name = 'NotAuthenticatedError';
  constructor() {
    super(apiMessages.notAuthenticated);
  }
}

/** JSON in and out, POST by default, no retries: the base of every client below. */
export const plainApi = createFetcher({
  baseURL: API_BASE_URL,
  method: 'POST',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
});

function createClient(policy: PolicyOptions) {
  return plainApi.create({
    onRequest({ options }) {
      const token = $token.get();
      if (token) options.headers.set('Authorization', `Bearer ${token}`);
    },
    onRequestError({ error }) {
      if (error.name !== 'AbortError') applyErrorPolicy({ status: undefined, body: undefined }, browserEffects, policy);
    },
    onResponseError({ response }) {
      applyErrorPolicy({ status: response.status, body: response._data }, browserEffects, policy);
    },
  });
}

/**
 * The API client of the browser: JSON in and out, the bearer token when there is one, and the
 * error policy of spec §8 on every failure. The error is rethrown to the caller.
 */
export const api = createClient({});

/** The same for forms: 422 field errors are left to the form to show on its fields. */
export const formApi = createClient({ inlineFieldErrors: true });

/** For forms that also show a refusal (406, 409) themselves and keep the patient on the page. */
export const refusableFormApi = createClient({ inlineFieldErrors: true, inlineRefusals: true });

/** For a page that opens a key from its address and shows «not found» itself instead of going to /404. */
export const lookupApi = createClient({ inlineNotFound: true });

/** For a form that looks something up (a claim by codes): its 404 and its 422 field errors are the form's to show. */
export const lookupFormApi = createClient({ inlineFieldErrors: true, inlineNotFound: true });

/** A call that needs a logged-in user: without a token it opens the login modal and throws. */
export function authApi<T>(path: string, options: FetchOptions = {}, client = api): Promise<T> {
  if (!$token.get()) {
    browserEffects.reauthenticate();
    return Promise.reject(new NotAuthenticatedError());
  }
  return client<T>(path, options);
}

export { FetchError };
