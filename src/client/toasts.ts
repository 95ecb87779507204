import { $toasts, addToast, handOffToasts, removeToast, type ToastKind, takeHandedOffToasts } from '#client/state/toasts.ts';

/** The toast renderer's module, loaded on demand; the page's boot script names it (client/ sits below islands). */
export type ToastHostLoader = () => Promise<{ mountToastHost(): void }>;

let loadHost: ToastHostLoader | undefined;
// biome-ignore lint/correctness/noUnusedVariables: read by the ??= in ensureHost, which loads the host once
let host: Promise<unknown> | undefined;

/** Tells the toasts where their renderer lives; until then they wait in `$toasts`. */
export function setToastHost(loader: ToastHostLoader): void {
  loadHost = loader;
  if ($toasts.get().length > 0) ensureHost();
}

/**
 * Loads the toast renderer (React + react-toastify) the first time a toast is needed. When it
 * cannot load (offline, on a page that never ran React: the service worker does not keep React for
 * pages that do not use it), the page's toasts go to a plain renderer the worker does keep; if
 * that fails too, the next toast tries again.
 */
function ensureHost(): void {
  if (!loadHost) return;
  host ??= loadHost()
    .then((module) => module.mountToastHost())
    .catch(() => import('./toast-fallback.ts').then((module) => module.mountToastFallback()))
    .catch(() => {
      host = undefined;
    });
}

/** Shows a toast; `id` (default: the text) keeps one toast of a kind on screen, e.g. one «no internet». */
export function showToast(kind: ToastKind, text: string, id?: string): void {
  addToast(kind, text, id);
  ensureHost();
}

export const dismissToast = removeToast;

export const notify = {
  error: (text: string, id?: string) => showToast('error', text, id),
  success: (text: string, id?: string) => showToast('success', text, id),
  info: (text: string, id?: string) => showToast('info', text, id),
  warning: (text: string, id?: string) => showToast('warning', text, id),
};

/**
 * Runs on every page: shows the toasts the previous page handed to this one, and hands the toasts
 * on screen to the next page (the one the followed link names, when a link was followed).
 */
export function restoreToasts(): void {
  const handed = takeHandedOffToasts();
  if (handed.length > 0) {
    $toasts.set(handed);
    ensureHost();
  }
  let linkTarget: string | undefined;
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      linkTarget = link && link.origin === location.origin ? link.pathname : undefined;
    },
    { capture: true },
  );
  addEventListener('pagehide', () => handOffToasts(linkTarget));
}
