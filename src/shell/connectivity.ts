import { apiMessages } from '../lib/api/messages.ts';
import { notify } from '../lib/toast/index.ts';

/** Tells the patient when the connection drops and when it is back. */
export function startConnectivityNotices(): void {
  addEventListener('offline', () => notify.warning(apiMessages.noInternet));
  addEventListener('online', () => notify.success('اتصال اینترنت برقرار شد.'));
}
