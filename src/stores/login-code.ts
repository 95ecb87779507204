import { atom } from 'nanostores';

/**
 * The code the login popup is waiting for, kept in sessionStorage: closing the popup or reloading
 * the page returns to the code step while the code lives. Small on purpose: every
 * page reads it (src/client/login-popup.ts) before the popup's own code is loaded.
 */

/** What the code proves the phone for: logging in, or (logged in) adding or switching to another person. */
export type LoginPurpose = 'login' | 'add-person' | 'switch-person';

export interface LoginCode {
  phone: string;
  purpose: LoginPurpose;
  /** When the code was sent (epoch ms); 0 while none has been sent for this step yet. */
  sentAt: number;
  /** When the next code may be asked for (epoch ms). */
  resendAt: number;
  /** The popup shows the code step (a reload reopens it). */
  open: boolean;
  /** Asked for because the session that proved the phone ended (expired or revoked). */
  sessionEnded?: boolean;
}

/** SECURITY.md: a code is valid for 2 minutes after it is sent. */
export const CODE_LIFETIME_MS = 2 * 60_000;
/** Seconds between two codes to one phone (the server enforces it too). */
export const RESEND_SECONDS = 60;

const STORAGE_KEY = 'login_code';

function readStored(): LoginCode | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as LoginCode | null;
    return stored && typeof stored.phone === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

export const $loginCode = atom<LoginCode | undefined>(typeof sessionStorage === 'undefined' ? undefined : readStored());

$loginCode.listen((value) => {
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the code step is only kept while the page stays open.
  }
});

/** The sent code, while it can still be typed in. */
export function liveLoginCode(now = Date.now()): LoginCode | undefined {
  const code = $loginCode.get();
  return code && code.sentAt > 0 && now < code.sentAt + CODE_LIFETIME_MS ? code : undefined;
}

/** Remembers that a code went to `phone` just now (still for an ended session, when that is why). */
export function rememberSentCode(phone: string, purpose: LoginPurpose): void {
  const now = Date.now();
  const sessionEnded = $loginCode.get()?.phone === phone && $loginCode.get()?.sessionEnded;
  $loginCode.set({ phone, purpose, sentAt: now, resendAt: now + RESEND_SECONDS * 1000, open: true, ...(sessionEnded ? { sessionEnded } : {}) });
}

export function updateLoginCode(change: Partial<LoginCode>): void {
  const current = $loginCode.get();
  if (current) $loginCode.set({ ...current, ...change });
}

/** The code is used up, or the patient asked for another number. */
export function forgetLoginCode(): void {
  $loginCode.set(undefined);
}
