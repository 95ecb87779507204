import { afterLoad } from './after-load.ts';
import { reloadOnce } from './reload.ts';

/** Spec §1: reloads the page when /builds/latest.json names a build other than this page's. */
async function checkBuild(): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return;
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id === 'string' && id !== __BUILD_ID__) reloadOnce();
  } catch {
    // Offline or mid-deploy: check again on the next focus.
  }
}

export function startBuildCheck(): void {
  afterLoad(() => void checkBuild());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkBuild();
  });
}
