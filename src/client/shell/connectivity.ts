import { apiMessages } from '#lib/api/messages.ts';
import { latestWins } from '#lib/latest-wins.ts';
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
  // An offline event, or a newer online one, ends the probes of the one before.
  const probes = latestWins();
  addEventListener('offline', () => {
    probes.drop();
    saidOffline = true;
    dismissToast(RESTORED);
    notify.warning(apiMessages.noInternet);
  });
  addEventListener('online', async () => {
    if (!saidOffline) return;
    const isLatest = probes.begin();
    for (const delay of PROBE_DELAYS_MS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      // A later offline or online event took over.
      if (!isLatest() || !navigator.onLine) return;
      if (!(await reachable())) continue;
      if (!isLatest()) return;
      saidOffline = false;
      dismissToast(apiMessages.noInternet);
      notify.success(RESTORED);
      return;
    }
  });
}
