import { atom } from 'nanostores';
import { fetchUserInfo, updateProfile } from '#client/api/auth.ts';
import { $token, setUser } from '#client/state/auth.ts';
import type { ProfileFields, User } from '#lib/api/contracts/auth.ts';
import { loadWhileWatched } from './loadable.ts';

/** The logged-in account as `/patient-profile` shows it: loaded from the server, never from storage alone. */
export type ProfileState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; user: User };

export const $profile = atom<ProfileState>({ status: 'loading' });

/** Loads the account with `user/info` (and refreshes the header's copy); `failed` lets the page offer a retry. */
export async function loadProfile(): Promise<void> {
  if (!$token.get()) return;
  $profile.set({ status: 'loading' });
  try {
    const { user } = await fetchUserInfo();
    setUser(user);
    $profile.set({ status: 'ready', user });
  } catch {
    $profile.set({ status: 'failed' });
  }
}

/** Saves the profile; resolves with the server's message, rejects with the failed call (the form shows its field errors). */
export async function saveProfile(fields: ProfileFields): Promise<string | undefined> {
  const state = $profile.get();
  if (state.status !== 'ready') throw new Error('The profile is not loaded');
  const answer = await updateProfile(state.user, fields);
  setUser(answer.user);
  $profile.set({ status: 'ready', user: answer.user });
  return answer.message;
}

// Loaded when a component first subscribes, and again whenever another account logs in here.
loadWhileWatched($profile, () => void loadProfile());
