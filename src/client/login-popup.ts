import { $token, onTokenForgotten } from '#client/state/auth.ts';
import { $loginCode, forgetLoginCode, type LoginPurpose, liveLoginCode, updateLoginCode } from '#client/state/login-code.ts';
import { $openModals, openOnlyModal } from '#client/state/modals.ts';
import { API_BASE_URL } from './api/base.ts';

/** The login popup's module (React), loaded on demand; the page's boot script names it (client/ sits below islands). */
export interface Popup {
  mountLoginModals(): void;
  startPersonFlow(purpose: Exclude<LoginPurpose, 'login'>): unknown;
}
export type PopupLoader = () => Promise<Popup>;

let loadPopup: PopupLoader | undefined;
let mounted: Promise<Popup | undefined> | undefined;

/** Loads the login popup (React) the first time any of its steps is opened, from anywhere. */
function ensureMounted(): Promise<Popup | undefined> {
  if (!loadPopup) return Promise.resolve(undefined);
  mounted ??= loadPopup()
    .then((module) => {
      module.mountLoginModals();
      return module;
    })
    .catch(() => {
      mounted = undefined;
      return undefined;
    });
  return mounted;
}

/**
 * Wires the login popup to the modal registry, and server-side revocation to logout. Runs on every
 * page. A page (re)loaded while the popup waited for a live code reopens it on the code step.
 */
export function startLoginUi(loader: PopupLoader): void {
  loadPopup = loader;
  const pending = liveLoginCode();
  // A code for logging in belongs to a logged-out page; one for another person, to a logged-in one.
  const mine = pending && (pending.purpose === 'login') === !$token.get();
  if (pending?.open && mine) openOnlyModal('login-code');
  else if (pending && !mine) forgetLoginCode();
  $openModals.subscribe((open) => {
    if (open.some((name) => name.startsWith('login-'))) void ensureMounted();
    const onCodeStep = open.includes('login-code');
    if ($loginCode.get() && $loginCode.get()!.open !== onCodeStep) updateLoginCode({ open: onCodeStep });
  });
  onTokenForgotten(revokeToken);
}

/**
 * Tells the server to revoke the forgotten token (spec-added `POST /auth/logout`). Plain fetch with
 * keepalive: logout navigates home at once, and every page carries this code, so it stays small.
 */
function revokeToken(token: string): void {
  fetch(`${API_BASE_URL}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    keepalive: true,
  }).catch(() => {});
}

/** Opens the popup: on the code step while a code sent for logging in lives, else at «ورود یا ثبت‌نام». */
export function openLogin(): void {
  openOnlyModal(liveLoginCode()?.purpose === 'login' ? 'login-code' : 'login-phone');
}

/** User menu: «افزودن فرد دیگر» / «تغییر فرد» (the session proves the phone; a code only once it has ended). */
export function startPersonFlow(purpose: Exclude<LoginPurpose, 'login'>): void {
  void ensureMounted().then((popup) => popup?.startPersonFlow(purpose));
}
