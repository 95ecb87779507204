/**
 * The shell every page starts (islands/shell/boot.ts, from the Base layout): a few kilobytes of
 * plain TypeScript, no framework. React is loaded only by islands, the login popup and the first
 * toast, whose modules the caller names.
 */
import { type PopupLoader, startLoginUi } from '../login-popup.ts';
import { restoreToasts, setToastHost, type ToastHostLoader } from '../toasts.ts';
import { startAuthMenu } from './auth-menu.ts';
import { startBuildCheck } from './build-check.ts';
import { startChunkReload } from './chunk-reload.ts';
import { startConnectivityNotices } from './connectivity.ts';
import { startServiceWorker } from './service-worker.ts';
import { startSessionRefresh } from './session-refresh.ts';
import { startTheme } from './theme.ts';
import { startVisitTracking } from './track-visit.ts';

export function startShell({ loginPopup, toastHost }: { loginPopup: PopupLoader; toastHost: ToastHostLoader }): void {
  startChunkReload();
  startTheme();
  setToastHost(toastHost);
  startLoginUi(loginPopup);
  startAuthMenu();
  startSessionRefresh();
  restoreToasts();
  startConnectivityNotices();
  startVisitTracking();
  startBuildCheck();
  startServiceWorker();
}
