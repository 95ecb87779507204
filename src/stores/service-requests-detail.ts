import { atom } from 'nanostores';
import { NotAuthenticatedError } from '#client/api/client.ts';
import * as requestsApi from '#client/api/service-requests.ts';
import { $token } from '#client/state/auth.ts';
import type { ServiceRequest, ServiceRequestFile } from '#lib/api/contracts/service-requests.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { latestWins } from '#lib/latest-wins.ts';
import { SERVICE_REQUEST_KEY_PATTERN } from '#lib/services/requests.ts';
import { onLogin } from './loadable.ts';

/**
 * One service request (/sr/request/{key}): its facts, history and invoices, and the patient's
 * cancel. The key comes from the address; a key that is not there (or is another account's) reads
 * as `missing`, never as someone else's request.
 */

export type ServiceRequestState =
  | { status: 'loading' }
  /** Logged out (or the session ended): the page waits for a login and opens it then. */
  | { status: 'login' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; request: ServiceRequest };

export const $serviceRequest = atom<ServiceRequestState>({ status: 'loading' });

let shownKey = '';
const calls = latestWins();

/** Reads `key` from the server; `quiet` keeps the request on screen while it is read again. */
export async function openServiceRequest(key: string = shownKey, { quiet = false } = {}): Promise<void> {
  shownKey = key;
  const isLatest = calls.begin();
  if (!SERVICE_REQUEST_KEY_PATTERN.test(key)) {
    $serviceRequest.set({ status: 'missing' });
    return;
  }
  if (!$token.get()) {
    $serviceRequest.set({ status: 'login' });
    return;
  }
  if (!quiet || $serviceRequest.get().status !== 'ready') $serviceRequest.set({ status: 'loading' });
  try {
    const { data } = await requestsApi.fetchServiceRequest(key);
    if (isLatest()) $serviceRequest.set({ status: 'ready', request: data });
  } catch (error) {
    if (!isLatest()) return;
    const status = error instanceof NotAuthenticatedError ? 401 : describeFailure(error).status;
    $serviceRequest.set({ status: status === 401 ? 'login' : status === 404 ? 'missing' : 'failed' });
  }
}

/** Starts the page for `key`: opens it now, and again whenever someone logs in here. */
export function startServiceRequest(key: string): () => void {
  void openServiceRequest(key);
  return onLogin(() => void openServiceRequest(key));
}

/**
 * `POST /service-requests/{key}/cancel`: shows the cancelled request. Rejects with the failed call;
 * on a 409 (the hospital moved it on meanwhile) the request is read again, so the page shows where
 * it is now.
 */
export async function cancelShownServiceRequest(): Promise<void> {
  const state = $serviceRequest.get();
  if (state.status !== 'ready') return;
  try {
    const { data } = await requestsApi.cancelServiceRequest(state.request.key);
    calls.drop();
    $serviceRequest.set({ status: 'ready', request: data });
  } catch (error) {
    if (describeFailure(error).status === 409) void openServiceRequest(state.request.key, { quiet: true });
    throw error;
  }
}

/** Saves one file of a request to the patient's device, under its name (fetched with the token). */
export async function downloadRequestFile(key: string, file: Pick<ServiceRequestFile, 'id' | 'name'>): Promise<void> {
  const blob = await requestsApi.fetchRequestFile(key, file.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
