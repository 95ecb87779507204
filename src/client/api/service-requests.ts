import { $token } from '#client/state/auth.ts';
import type { RequestFileAnswer, SavedContactsAnswer, ServiceRequestAnswer, ServiceRequestBody, ServiceRequestsAnswer, ServiceRequestsQuery } from '#lib/api/contracts/service-requests.ts';
import { authApi, lookupApi, NotAuthenticatedError, plainApi, refusableFormApi } from './client.ts';

/**
 * The service-request calls (spec/api.md «Service requests and invoices»); each needs a logged-in
 * patient. The form shows its own 422 field errors and refusals (429: too many open requests); the
 * request page its own 404 and the 409 of a cancel that came too late.
 */

/** One page of the account's requests, newest first; `status` narrows it to one status. */
export const fetchServiceRequests = (query: Partial<ServiceRequestsQuery>) => authApi<ServiceRequestsAnswer>('/service-requests', { method: 'GET', query });

/** Files a request (201, status `submitted`). */
export const createServiceRequest = (body: ServiceRequestBody) => authApi<ServiceRequestAnswer>('/service-requests', { body }, refusableFormApi);

/** The request with its history and invoices; a 404 (not there, or another account's) is left to the page. */
export const fetchServiceRequest = (key: string) => authApi<ServiceRequestAnswer>(`/service-requests/${encodeURIComponent(key)}`, { method: 'GET' }, lookupApi);

/** Cancels it while `submitted` or `reviewing`; a 409 (the hospital moved it on) is left to the caller. */
export const cancelServiceRequest = (key: string) => authApi<ServiceRequestAnswer>(`/service-requests/${encodeURIComponent(key)}/cancel`, {}, refusableFormApi);

/** Uploads one photo or PDF for a request to come (201 with its id); refusals (413, 415, 422, 429) are left to the form. */
export const uploadRequestFile = (file: Blob, name: string, signal?: AbortSignal) =>
  authApi<RequestFileAnswer>(
    '/service-requests/files',
    { body: file, query: { name }, headers: { 'Content-Type': 'application/octet-stream' }, ...(signal ? { signal } : {}) },
    refusableFormApi,
  );

/** The phone and address pairs of the patient's latest requests, to fill the form with one tap. */
export const fetchSavedContacts = () => authApi<SavedContactsAnswer>('/service-requests/contacts', { method: 'GET' });

/** One file of a request, as a Blob (the call needs the token, so it is not a plain link); rejects when it cannot be read. */
export function fetchRequestFile(key: string, id: string): Promise<Blob> {
  const token = $token.get();
  if (!token) return Promise.reject(new NotAuthenticatedError());
  return plainApi(`/service-requests/${encodeURIComponent(key)}/files/${encodeURIComponent(id)}`, {
    method: 'GET',
    responseType: 'blob',
    headers: { Accept: '*/*', Authorization: `Bearer ${token}` },
  });
}
