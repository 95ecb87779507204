import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { User } from '#lib/api/contracts/auth.ts';

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

/**
 * How many accounts the logged-in phone has, as the last code check, registration or list of the
 * phone's people on this device told; the user menu offers «تغییر فرد» when there are several. A
 * count, never the other tokens.
 */
export const $phoneAccountCount = persistentAtom<number>('phone_accounts', 0, {
  encode: String,
  decode: (value) => Number(value) || 0,
});

/**
 * Logs in as `user`; a token this device held before (another person of the same phone) is
 * forgotten, unless the server already revoked it (`traded`: it was traded for this one, and the
 * two share a login that a revocation of the old one would end).
 */
export function login(user: User, token: string, { traded = false } = {}): void {
  const previous = $token.get();
  $token.set(token);
  $user.set(user);
  if (previous && previous !== token && !traded) for (const listener of forgetListeners) listener(previous);
}

export function setUser(user: User): void {
  $user.set(user);
}

/** Forgets the session on this device; `redirectTo` (default `/`, spec §2) unless null. */
export function logout({ redirectTo = '/' as string | null } = {}): void {
  const token = $token.get();
  $token.set(undefined);
  $user.set(undefined);
  $phoneAccountCount.set(0);
  if (token) for (const listener of forgetListeners) listener(token);
  if (redirectTo !== null && typeof location !== 'undefined' && location.pathname !== redirectTo) {
    location.assign(redirectTo);
  }
}

const forgetListeners = new Set<(token: string) => void>();

/**
 * Runs `listener` with each token this device forgets, at logout or when switching to another person
 * (the login UI revokes it on the server).
 */
export function onTokenForgotten(listener: (token: string) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/** Spec §4: checking the auth status logs the user out when there is no token. */
export function checkAuth(): boolean {
  if ($token.get()) return true;
  if ($user.get()) logout({ redirectTo: null });
  return false;
}
