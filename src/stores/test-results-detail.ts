import { atom } from 'nanostores';
import * as resultsApi from '#client/api/test-results.ts';
import type { ResultShare, TestResult } from '#lib/api/contracts/test-results.ts';
import { describeFailure } from '#lib/api/failure.ts';
import type { ShareHours } from '#lib/test-results/terms.ts';
import { createLoader, type Loadable, onLogin } from './loadable.ts';

/**
 * One result of the patient's (`?key=` of /test-response/give-response): its panels, the share
 * links that still open, making a new one and revoking one.
 */

/** `missing`: no such result of this patient's (a mistyped address, someone else's key). */
export type TestResultState = Loadable<TestResult> | { status: 'missing'; message: string };
export const $testResult = atom<TestResultState>({ status: 'loading' });

export type ShareState = { status: 'idle' } | { status: 'creating' } | { status: 'failed'; message: string };
export const $shareState = atom<ShareState>({ status: 'idle' });
/** The link made on this visit, absolute: the only time its address is known (the server keeps a hash). */
export const $newShare = atom<{ id: number; url: string } | undefined>(undefined);

let shownKey = '';

const result = createLoader({
  $store: $testResult,
  fetch: async () => (await resultsApi.fetchTestResult(shownKey)).data,
  failed: (error, quiet) => {
    const failure = describeFailure(error);
    if (failure.status === 404) $testResult.set({ status: 'missing', message: failure.message });
    // A refresh that fails keeps the shown result.
    else if (!quiet || $testResult.get().status !== 'ready') $testResult.set({ status: 'failed' });
  },
});

/** Reads the result (again); `quiet` keeps the shown one on screen until the answer comes. */
export function loadTestResult(options: { quiet?: boolean } = {}): Promise<void> {
  return shownKey ? result.load(options) : Promise.resolve();
}

/** Starts the view of result `key`: loads it now and after a login. Returns the cleanup. */
export function openTestResult(key: string): () => void {
  shownKey = key;
  $shareState.set({ status: 'idle' });
  $newShare.set(undefined);
  void loadTestResult();
  return onLogin(() => void loadTestResult());
}

function withShares(update: (shares: ResultShare[]) => ResultShare[]): void {
  const state = $testResult.get();
  if (state.status === 'ready') $testResult.set({ status: 'ready', data: { ...state.data, shares: update(state.data.shares) } });
}

/** `POST /test-results/{key}/share`: a new link that opens for `hours`; it joins the live links. */
export async function createResultShare(hours: ShareHours): Promise<void> {
  if ($shareState.get().status === 'creating') return;
  $shareState.set({ status: 'creating' });
  try {
    const { data } = await resultsApi.shareTestResult(shownKey, hours);
    const { url, ...share } = data;
    withShares((shares) => [share, ...shares.filter((other) => other.id !== share.id)]);
    $newShare.set({ id: share.id, url: new URL(url, location.origin).href });
    $shareState.set({ status: 'idle' });
  } catch (error) {
    const failure = describeFailure(error);
    // 401 opens the login popup and 5xx or no network a toast (the error policy); the rest is told here.
    const told = failure.status !== undefined && failure.status < 500 && failure.status !== 401;
    $shareState.set(told ? { status: 'failed', message: failure.message } : { status: 'idle' });
    if (failure.status === 409) void loadTestResult({ quiet: true });
  }
}

/**
 * `POST /test-results/{key}/shares/{id}/revoke`: the link stops opening and leaves the list. A link
 * already gone (revoked in another tab) leaves it too. Rejects with any other failure.
 */
export async function revokeResultShare(id: number): Promise<void> {
  try {
    await resultsApi.revokeTestResultShare(shownKey, id);
  } catch (error) {
    if (describeFailure(error).status !== 404) throw error;
    void loadTestResult({ quiet: true });
  }
  withShares((shares) => shares.filter((share) => share.id !== id));
  if ($newShare.get()?.id === id) $newShare.set(undefined);
}

export function printTestResult(): void {
  window.print();
}
