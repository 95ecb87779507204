/**
 * The script every page loads (Base layout). It starts the shell (client/shell/main.ts) and names
 * the React parts the shell loads on demand: client/ sits below islands and may not import them.
 */
import { startShell } from '#client/shell/main.ts';

startShell({
  loginPopup: () => import('../auth/mount-login.tsx'),
  toastHost: () => import('./toast-host.tsx'),
});
