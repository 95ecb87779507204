import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { User } from '../lib/api/types.ts';

export type { User };

function decodeUser(value: string): User | undefined {
  try {
    return JSON.parse(value) as User;
  } catch {
    return undefined;
  }
}

/** localStorage `user` (spec §3). */
export const $user = persistentAtom<User | undefined>('user', undefined, { encode: JSON.stringify, decode: decodeUser });
/** localStorage `token` (spec §3): the bearer token of the chosen account. */
export const $token = persistentAtom<string | undefined>('token', undefined);

export const $isLoggedIn = computed([$user, $token], (user, token) => Boolean(user && token));

export function login(user: User, token: string): void {
  $token.set(token);
  $user.set(user);
}

export function setUser(user: User): void {
  $user.set(user);
}

/** Forgets the session on this device; `redirectTo` (default `/`, spec §2) unless null. */
export function logout({ redirectTo = '/' as string | null } = {}): void {
  const token = $token.get();
  $token.set(undefined);
  $user.set(undefined);
  if (token) for (const listener of logoutListeners) listener(token);
  if (redirectTo !== null && typeof location !== 'undefined' && location.pathname !== redirectTo) {
    location.assign(redirectTo);
  }
}

const logoutListeners = new Set<(token: string) => void>();

/** Runs `listener` with the forgotten token at each logout (the API module revokes it on the server). */
export function onLogout(listener: (token: string) => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Spec §4: checking the auth status logs the user out when there is no token. */
export function checkAuth(): boolean {
  if ($token.get()) return true;
  if ($user.get()) logout({ redirectTo: null });
  return false;
}
