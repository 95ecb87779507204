import { $token } from '#client/state/auth.ts';
import { api, authApi } from './client.ts';

/**
 * `GET /appointments/{key}/calendar.ics` as a file: the call needs the bearer token, so a plain
 * link cannot fetch it; the answer comes back as a Blob for the page to save.
 */
export function fetchAppointmentCalendar(key: string): Promise<Blob> {
  const path = `/appointments/${encodeURIComponent(key)}/calendar.ics`;
  // Logged out: authApi opens the login popup and rejects without calling.
  if (!$token.get()) return authApi<Blob>(path);
  return api<Blob>(path, { method: 'GET', responseType: 'blob', headers: { Accept: 'text/calendar' } });
}
