import { apiMessages } from '#lib/api/messages.ts';
import { dismissToast, notify } from '../toasts.ts';

const RESTORED = 'اتصال اینترنت برقرار شد.';
/** Not cached by the service worker (its /builds/ route is network-only), so an answer proves the network. */
const PROBE_URL = '/builds/latest.json';
/** After an `online` event the network may need a moment (DNS, a captive portal): try a few times. */
const PROBE_DELAYS_MS = [0, 2000, 5000, 10_000];

async function reachable(): Promise<boolean> {
  try {
    const response = await fetch(`${PROBE_URL}?online=${Date.now()}`, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Tells the patient when the connection drops (one «no internet» toast at a time), and that it is
 * back only after we said it was gone, an `online` event came and the server really answered.
 */
export function startConnectivityNotices(): void {
  let saidOffline = false;
  let probing = 0;
  addEventListener('offline', () => {
    probing++;
    saidOffline = true;
    dismissToast(RESTORED);
    notify.warning(apiMessages.noInternet);
  });
  addEventListener('online', async () => {
    if (!saidOffline) return;
    const attempt = ++probing;
    for (const delay of PROBE_DELAYS_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      // A later offline or online event took over.
      if (attempt !== probing || !navigator.onLine) return;
      if (!(await reachable())) continue;
      if (attempt !== probing) return;
      saidOffline = false;
      dismissToast(apiMessages.noInternet);
      notify.success(RESTORED);
      return;
    }
  });
}
