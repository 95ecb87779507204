import { $token, logout, setUser } from '#client/state/auth.ts';
import type { UserAnswer } from '#lib/api/contracts/auth.ts';
import { API_BASE_URL } from '../api/base.ts';

/** At most one refresh in this long, however often the tab is shown again. */
const MIN_INTERVAL_MS = 30_000;
let last = 0;

/**
 * Refreshes the logged-in account (name, wallet balance) from `user/info`, so that the header never
 * shows what localStorage remembered from before a payment or an edit on another device. A plain
 * fetch, not the API client: every page runs this. A dead token logs out quietly; anything else
 * (offline, 5xx) keeps what is shown.
 */
export async function refreshSession(now = Date.now()): Promise<void> {
  const token = $token.get();
  if (!token || now - last < MIN_INTERVAL_MS) return;
  last = now;
  try {
    const response = await fetch(`${API_BASE_URL}/user/info`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    // Another login may have replaced the token meanwhile.
    if ($token.get() !== token) return;
    if (response.status === 401) logout({ redirectTo: null });
    else if (response.ok) setUser(((await response.json()) as UserAnswer).user);
  } catch {
    // Offline: the header keeps the remembered values until the next refresh.
  }
}

export function startSessionRefresh(): void {
  void refreshSession();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshSession();
  });
}
