import { atom } from 'nanostores';
import { openLogin } from '#client/login-popup.ts';
import { $token } from '#client/state/auth.ts';
import { $openModals } from '#client/state/modals.ts';
import type { JoinedWaitlist } from '#lib/api/contracts/waitlist.ts';

/**
 * Joining a doctor's waitlist from the booking page (spec/api.md «Waitlist»): which doctor's form
 * is open, the login popup before it, and the entry made. The call itself is waitlist.ts's
 * `joinWaitlist`, loaded with the form: the booking page carries only this much until it opens.
 */

export interface JoinTarget {
  doctorId: string;
  doctorName: string;
}

/** The doctor whose join form is open; undefined while it is closed. */
export const $joining = atom<JoinTarget | undefined>(undefined);
/** The entry just made on this page, for the «you are in line» note beside the slots. */
export const $joined = atom<JoinedWaitlist | undefined>(undefined);

let stopWaitingForLogin: (() => void) | undefined;

/**
 * Opens the join form for a doctor. Logged out, the login popup comes first (as booking does) and
 * the form opens right after the login; closing the popup without logging in drops the request.
 */
export function askToJoin(target: JoinTarget): void {
  stopWaitingForLogin?.();
  if ($token.get()) {
    $joining.set(target);
    return;
  }
  const stopToken = $token.listen((token) => {
    if (!token) return;
    stop();
    $joining.set(target);
  });
  const stopModals = $openModals.listen((open) => {
    if (open.length === 0 && !$token.get()) stop();
  });
  const stop = () => {
    stopToken();
    stopModals();
    stopWaitingForLogin = undefined;
  };
  stopWaitingForLogin = stop;
  openLogin();
}

export function closeJoin(): void {
  $joining.set(undefined);
}

/** The form's answer: the entry made, shown beside the slots; the form closes. */
export function showJoined(entry: JoinedWaitlist): void {
  $joined.set(entry);
  $joining.set(undefined);
}
