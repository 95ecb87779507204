/**
 * The script every page loads (Base layout): a few kilobytes of plain TypeScript, no framework.
 * React is loaded only by islands and by the first toast.
 */
import { startLoginUi } from '../login-popup.ts';
import { restoreToasts } from '../toasts.ts';
import { startAuthMenu } from './auth-menu.ts';
import { startBuildCheck } from './build-check.ts';
import { startChunkReload } from './chunk-reload.ts';
import { startConnectivityNotices } from './connectivity.ts';
import { startServiceWorker } from './service-worker.ts';
import { startSessionRefresh } from './session-refresh.ts';
import { startTheme } from './theme.ts';
import { startVisitTracking } from './track-visit.ts';

startChunkReload();
startTheme();
startLoginUi();
startAuthMenu();
startSessionRefresh();
restoreToasts();
startConnectivityNotices();
startVisitTracking();
startBuildCheck();
startServiceWorker();
