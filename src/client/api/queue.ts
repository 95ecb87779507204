import { $token } from '#client/state/auth.ts';
import type { CheckIn, PatientQueue } from '#lib/api/contracts/queue.ts';
import { API_BASE_URL } from './base.ts';
import { authApi, lookupApi, plainApi, refusableFormApi } from './client.ts';

/**
 * The patient's visit-day calls (spec/api.md «Visit day»): the place in the doctor's queue today,
 * its live stream, and «I have arrived». A key read from the address tells its own 404; the
 * queue's 409 (not today) and check-in's 409 (not open yet) are the page's to show.
 */

type Answer<T> = { success: true; data: T };

const queuePath = (key: string) => `/appointments/${encodeURIComponent(key)}/queue`;

/** The first look at the queue, with the error policy (a 401 opens the login popup). */
export const fetchQueue = (key: string) => authApi<Answer<PatientQueue>>(queuePath(key), { method: 'GET' }, lookupApi);

// Polling runs every few seconds while the stream is down, often with no network at all: a toast
// per failed poll would bury the page, so these calls stay silent and the page says it is offline.
const quietApi = plainApi.create({
  onRequest({ options }) {
    const token = $token.get();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
  },
});

/** The same as `fetchQueue` with no toast, login popup or redirect on failure: the caller decides. */
export const pollQueue = (key: string, signal?: AbortSignal) => quietApi<Answer<PatientQueue>>(queuePath(key), { method: 'GET', ...(signal ? { signal } : {}) });

/** POST …/check-in: idempotent; 409 with the opening time before it opens. */
export const checkInAppointment = (key: string) => authApi<Answer<CheckIn>>(`/appointments/${encodeURIComponent(key)}/check-in`, {}, refusableFormApi);

/**
 * Opens `GET …/queue/events` as a plain fetch: EventSource cannot send the bearer token, so the
 * caller reads the `text/event-stream` body itself. Resolves with the response whatever its status.
 */
export function openQueueStream(key: string, signal: AbortSignal, fetcher: typeof fetch = fetch): Promise<Response> {
  const token = $token.get();
  return fetcher(`${API_BASE_URL}${queuePath(key)}/events`, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    cache: 'no-store',
    signal,
  });
}
