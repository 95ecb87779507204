import { onLogout } from '../../stores/auth.ts';
import { $openModals, openOnlyModal } from '../../stores/modals.ts';
import { API_BASE_URL } from '../api/base.ts';

let mounted: Promise<unknown> | undefined;

/** Loads the login popup (React) the first time any of its steps is opened, from anywhere. */
function ensureMounted(): void {
  mounted ??= import('../../islands/auth/mount-login.tsx')
    .then((module) => module.mountLoginModals())
    .catch(() => {
      mounted = undefined;
    });
}

/** Wires the login popup to the modal registry, and server-side revocation to logout. Runs on every page. */
export function startLoginUi(): void {
  $openModals.subscribe((open) => {
    if (open.some((name) => name.startsWith('login-'))) ensureMounted();
  });
  onLogout(revokeToken);
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

/** Opens the popup at its first step: «ورود یا ثبت‌نام». */
export function openLogin(): void {
  openOnlyModal('login-phone');
}
