import type { AcceptedOffer, DeclineOfferBody, JoinedWaitlist, JoinWaitlistBody, WaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { authApi, refusableFormApi } from './client.ts';

/**
 * The patient's waitlist calls (spec/api.md «Waitlist»), all with the bearer token. The refusals a
 * patient can act on (409: already waiting, the offer has lapsed; 429: the limits) are left to the
 * caller to show beside its form or card; the rest follow the error policy.
 */

type Answer<T> = { success: true; data: T };

const entryPath = (key: string) => `/waitlist/${encodeURIComponent(key)}`;

/** The caller's entries, waiting and recently ended, newest first. */
export const fetchWaitlist = () => authApi<Answer<WaitlistEntry[]>>('/waitlist', { method: 'GET' });

export const joinWaitlist = (body: JoinWaitlistBody) => authApi<Answer<JoinedWaitlist>>('/waitlist', { body }, refusableFormApi);

export const leaveWaitlist = (key: string) => authApi<Answer<{ status: 'left' }>>(entryPath(key), { method: 'DELETE' }, refusableFormApi);

/** The offered slot becomes the patient's hold: then `POST /appointments/{appointment_key}/pay`. */
export const acceptWaitlistOffer = (key: string) => authApi<Answer<AcceptedOffer>>(`${entryPath(key)}/accept`, {}, refusableFormApi);

export const declineWaitlistOffer = (key: string, body: DeclineOfferBody) => authApi<Answer<{ status: 'waiting' | 'left' }>>(`${entryPath(key)}/decline`, { body }, refusableFormApi);
