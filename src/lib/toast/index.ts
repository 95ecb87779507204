import { $toasts, addToast, type ToastKind } from './store.ts';

let host: Promise<unknown> | undefined;

/**
 * Loads the toast renderer (React + react-toastify) the first time a toast is needed. The service
 * worker precaches it, so it loads offline too; if it still fails, the next toast tries again.
 */
function ensureHost(): void {
  host ??= import('../../islands/shell/toast-host.tsx')
    .then((module) => module.mountToastHost())
    .catch(() => {
      host = undefined;
    });
}

export function showToast(kind: ToastKind, text: string): void {
  addToast(kind, text);
  ensureHost();
}

export const notify = {
  error: (text: string) => showToast('error', text),
  success: (text: string) => showToast('success', text),
  info: (text: string) => showToast('info', text),
  warning: (text: string) => showToast('warning', text),
};

/** Shows again the toasts the previous page left running. */
export function restoreToasts(): void {
  if ($toasts.get().length > 0) ensureHost();
}
