import { reloadOnce } from './reload.ts';

const CHUNK_FAILURE = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * Spec §8: a script chunk that fails to load (usually an old build's, after a deploy) reloads the
 * page, once per path in 10 s. Offline, a reload would only lose the page, so it waits.
 */
export function startChunkReload(): void {
  const reloadIfOnline = () => {
    if (navigator.onLine) reloadOnce();
  };
  addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadIfOnline();
  });
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && CHUNK_FAILURE.test(reason.message)) reloadIfOnline();
  });
}
