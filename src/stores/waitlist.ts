import { atom, computed, onMount } from 'nanostores';
import { acceptWaitlistOffer, declineWaitlistOffer, fetchWaitlist, joinWaitlist as joinWaitlistCall, leaveWaitlist } from '#client/api/waitlist.ts';
import type { AcceptedOffer, JoinedWaitlist, JoinWaitlistBody, WaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { secondsUntil } from '#lib/format/countdown.ts';
import { createLoader, type Loadable, loadWhileWatched } from './loadable.ts';

/**
 * The caller's waitlist (spec/api.md «Waitlist»): the entries (/patient-profile/services),
 * joining, leaving, the answer to an offered slot and its countdown. An accepted offer is an
 * ordinary held appointment, paid on the booking page's own pay step (`payStepAddress`). Which
 * doctor's join form is open is waitlist-join.ts's, on the booking page.
 */

export const $waitlist = atom<Loadable<WaitlistEntry[]>>({ status: 'loading' });

const list = createLoader({
  $store: $waitlist,
  fetch: async () => (await fetchWaitlist()).data,
});

/** Loads the entries; an older answer arriving late is dropped. */
export const loadWaitlist = list.load;

loadWhileWatched($waitlist, () => void loadWaitlist());

/** Shows `entry` in place of the one with its key (first when it is new), then asks the server again. */
function showEntry(key: string, change: (entry: WaitlistEntry) => WaitlistEntry): void {
  const current = $waitlist.get();
  if (current.status !== 'ready') return;
  $waitlist.set({ status: 'ready', data: current.data.map((entry) => (entry.key === key ? change(entry) : entry)) });
}

/** After a change on the server the order and the places of the others may have moved too. */
function refresh(): void {
  if ($waitlist.lc > 0) void loadWaitlist({ quiet: true });
}

/** The entries still in line or holding an offer (the ones an account's limit counts, and the ones with actions). */
export const isOpenEntry = (entry: WaitlistEntry): boolean => entry.status === 'waiting' || entry.status === 'offered';

/** Where the patient pays for an accepted offer: the booking page's own pay step for that held appointment. */
export function payStepAddress(doctorId: string, appointmentKey: string): string {
  return `/appointment/pre-reserve/${encodeURIComponent(doctorId)}?appointment=${encodeURIComponent(appointmentKey)}`;
}

/**
 * `POST /waitlist`: resolves with the new entry and its place in line; rejects with the failed call
 * (409 already waiting, 429 over a limit, 422 days out of the window) for the form to show.
 */
export async function joinWaitlist(body: JoinWaitlistBody): Promise<JoinedWaitlist> {
  const { data } = await joinWaitlistCall(body);
  const current = $waitlist.get();
  if (current.status === 'ready') $waitlist.set({ status: 'ready', data: [data, ...current.data.filter((entry) => entry.key !== data.key)] });
  refresh();
  return data;
}

// ---- Leaving and answering an offer ----------------------------------------------------------

/** A refusal that says the entry moved on meanwhile (the offer lapsed, it was already left): what it is now is read again. */
function rereadOnConflict(error: unknown): never {
  const status = describeFailure(error).status;
  if (status === 409 || status === 404) void loadWaitlist({ quiet: true });
  throw error;
}

/** `DELETE /waitlist/{key}`: the entry ends (a live offer with it goes to the next in line). Rejects with the failed call. */
export async function leaveWaitlistEntry(key: string): Promise<void> {
  try {
    await leaveWaitlist(key);
  } catch (error) {
    rereadOnConflict(error);
  }
  showEntry(key, ({ position: _position, offer: _offer, ...entry }) => ({ ...entry, status: 'left', ended_at: new Date().toISOString() }));
  refresh();
}

/**
 * `POST /waitlist/{key}/accept`: the offered slot becomes the patient's hold. Resolves with the
 * hold and the address of its pay step; rejects with the failed call (409: the offer lapsed).
 */
export async function acceptOffer(entry: WaitlistEntry): Promise<{ accepted: AcceptedOffer; payAt: string }> {
  let accepted: AcceptedOffer;
  try {
    accepted = (await acceptWaitlistOffer(entry.key)).data;
  } catch (error) {
    rereadOnConflict(error);
  }
  showEntry(entry.key, (shown) =>
    shown.offer ? { ...shown, offer: { ...shown.offer, status: 'accepted', expires_at: accepted.expires_at, appointment_key: accepted.appointment_key } } : shown,
  );
  return { accepted, payAt: payStepAddress(entry.doctor_id, accepted.appointment_key) };
}

/**
 * `POST /waitlist/{key}/decline`: the slot goes to the next in line; the entry stays in line, or
 * ends too with `leave`. Resolves with the entry's status; rejects with the failed call.
 */
export async function declineOffer(key: string, leave: boolean): Promise<'waiting' | 'left'> {
  let status: 'waiting' | 'left';
  try {
    status = (await declineWaitlistOffer(key, { leave })).data.status;
  } catch (error) {
    rereadOnConflict(error);
  }
  showEntry(key, ({ offer: _offer, ...entry }) => ({ ...entry, status, ...(status === 'left' ? { ended_at: new Date().toISOString() } : {}) }));
  refresh();
  return status;
}

// ---- The countdown of live offers -------------------------------------------------------------

/** Now, in epoch ms, ticking once a second while something shows a countdown. */
export const $now = atom(Date.now());

/** Offers already seen running out: each is read again from the server once. */
const lapsed = new Set<string>();

onMount($now, () => {
  const tick = () => {
    const now = Date.now();
    $now.set(now);
    const current = $waitlist.get();
    if (current.status !== 'ready') return;
    const ran = current.data.filter((entry) => entry.offer && !lapsed.has(entry.key) && secondsUntil(entry.offer.expires_at, now) === 0);
    if (ran.length === 0) return;
    for (const entry of ran) lapsed.add(entry.key);
    // The server has passed the slot on (or the hold has lapsed): show what the entry is now.
    void loadWaitlist({ quiet: true });
  };
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
});

/** Seconds left on each entry's offer (live, or accepted and not yet paid), by entry key. */
export const $offerSecondsLeft = computed([$waitlist, $now], (current, now): Readonly<Record<string, number>> => {
  if (current.status !== 'ready') return {};
  const left: Record<string, number> = {};
  for (const entry of current.data) if (entry.offer) left[entry.key] = secondsUntil(entry.offer.expires_at, now);
  return left;
});
