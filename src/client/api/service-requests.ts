import type { ServiceRequestAnswer, ServiceRequestBody, ServiceRequestsAnswer, ServiceRequestsQuery } from '#lib/api/contracts/service-requests.ts';
import { authApi, lookupApi, refusableFormApi } from './client.ts';

/**
 * The service-request calls (spec/api.md «Service requests and invoices»); each needs a logged-in
 * patient. The form shows its own 422 field errors and refusals (429: too many open requests); the
 * request page its own 404 and the 409 of a cancel that came too late.
 */

/** One page of the account's requests, newest first; `status` narrows it to one status. */
export const fetchServiceRequests = (query: Partial<ServiceRequestsQuery>) =>
  authApi<ServiceRequestsAnswer>('/service-requests', { method: 'GET', query });

/** Files a request (201, status `submitted`). */
export const createServiceRequest = (body: ServiceRequestBody) =>
  authApi<ServiceRequestAnswer>('/service-requests', { body }, refusableFormApi);

/** The request with its history and invoices; a 404 (not there, or another account's) is left to the page. */
export const fetchServiceRequest = (key: string) =>
  authApi<ServiceRequestAnswer>(`/service-requests/${encodeURIComponent(key)}`, { method: 'GET' }, lookupApi);

/** Cancels it while `submitted` or `reviewing`; a 409 (the hospital moved it on) is left to the caller. */
export const cancelServiceRequest = (key: string) =>
  authApi<ServiceRequestAnswer>(`/service-requests/${encodeURIComponent(key)}/cancel`, {}, refusableFormApi);
