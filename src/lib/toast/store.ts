import { atom } from 'nanostores';

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface PendingToast {
  id: string;
  kind: ToastKind;
  text: string;
  /** When it closes by itself (epoch ms); a toast outlives page navigation until then. */
  until: number;
}

/** Spec §9: toasts close by themselves after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
const STORAGE_KEY = 'toasts';

function readStored(now = Date.now()): PendingToast[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as PendingToast[];
    return Array.isArray(stored) ? stored.filter((toast) => toast.until > now) : [];
  } catch {
    return [];
  }
}

/**
 * Toasts still on screen. Mirrored in sessionStorage, so that a toast shown just before a page
 * navigation is shown again on the next page for the rest of its time (spec §9: not cleared on URL change).
 */
export const $toasts = atom<PendingToast[]>(typeof sessionStorage === 'undefined' ? [] : readStored());

$toasts.listen((toasts) => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(toasts));
  } catch {
    // Storage unavailable: toasts still show, they just do not survive navigation.
  }
});

let counter = 0;

export function addToast(kind: ToastKind, text: string): PendingToast {
  const toast = { id: `${Date.now().toString(36)}-${counter++}`, kind, text, until: Date.now() + TOAST_DURATION_MS };
  $toasts.set([...$toasts.get().filter((t) => t.until > Date.now()), toast]);
  return toast;
}

export function removeToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
