import type { ClaimTestResultAnswer, ClaimTestResultBody, ShareTestResultAnswer, TestResultAnswer, TestResultsAnswer, TestResultsQuery } from '#lib/api/contracts/test-results.ts';
import type { ShareHours } from '#lib/test-results/terms.ts';
import { authApi, lookupApi, lookupFormApi, refusableFormApi } from './client.ts';

/**
 * The patient's test-result calls (spec/api.md «Test results»); each needs a logged-in patient.
 * A key read from the address, a claim and a revoke tell their own 404; sharing tells its 409.
 */

/** One page of the patient's results, newest sample first. */
export const fetchTestResults = (query: Partial<TestResultsQuery>) => authApi<TestResultsAnswer>('/test-results', { method: 'GET', query });

export const fetchTestResult = (key: string) => authApi<TestResultAnswer>(`/test-results/${encodeURIComponent(key)}`, { method: 'GET' }, lookupApi);

/** Adds a result filed under the patient's national code to the account. Every mismatch is the same 404, which the form shows with its 422s and 429. */
export const claimTestResult = (body: ClaimTestResultBody) => authApi<ClaimTestResultAnswer>('/test-results/claim', { body }, lookupFormApi);

/** A link (`/test-response/shared/<token>`) that opens the result without login for `hours`. */
export const shareTestResult = (key: string, hours: ShareHours) => authApi<ShareTestResultAnswer>(`/test-results/${encodeURIComponent(key)}/share`, { body: { hours } }, refusableFormApi);

/** The link stops opening at once; 404 when it was revoked already (elsewhere). */
export const revokeTestResultShare = (key: string, id: number) =>
  authApi<{ success: true; data: { id: number; revoked: true } }>(`/test-results/${encodeURIComponent(key)}/shares/${id}/revoke`, {}, lookupApi);
