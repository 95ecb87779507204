import { reloadOnce } from './reload.ts';

const CHUNK_FAILURE = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Spec §8: a script chunk that fails to load (usually an old build's) reloads the page, once per path in 10 s. */
export function startChunkReload(): void {
  addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && CHUNK_FAILURE.test(reason.message)) reloadOnce();
  });
}
