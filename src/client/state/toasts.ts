import { atom } from 'nanostores';

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface PendingToast {
  /** One toast per id on screen at a time; by default the text itself, so the same message never stacks. */
  id: string;
  kind: ToastKind;
  text: string;
  /** When it closes by itself (epoch ms). */
  until: number;
}

/** Spec §9: toasts close by themselves after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** Toasts on screen on this page. */
export const $toasts = atom<PendingToast[]>([]);

const live = (now = Date.now()) => $toasts.get().filter((toast) => toast.until > now);

/** Shows a toast unless one with the same id is still on screen. */
export function addToast(kind: ToastKind, text: string, id = text): PendingToast {
  const current = live();
  const same = current.find((toast) => toast.id === id);
  if (same) return same;
  const toast = { id, kind, text, until: Date.now() + TOAST_DURATION_MS };
  $toasts.set([...current, toast]);
  return toast;
}

export function removeToast(id: string): void {
  if ($toasts.get().some((toast) => toast.id === id)) $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Spec §9: toasts are not cleared on a URL change. A full page load is one, so the toasts still on
 * screen when the page goes away are handed to the next page, once: only to the page a link led to
 * (when the patient followed one), only within a few seconds, and never to a reload of the same page
 * (a "saved" toast must not come back over a form that now shows errors).
 */
const HANDOFF_KEY = 'toasts';
const HANDOFF_MS = 5000;

interface Handoff {
  toasts: PendingToast[];
  /** The page that showed them. */
  from: string;
  /** The path of the link followed, when known. */
  to?: string;
  at: number;
}

export function handOffToasts(to: string | undefined): void {
  try {
    const toasts = live();
    if (toasts.length === 0) sessionStorage.removeItem(HANDOFF_KEY);
    else sessionStorage.setItem(HANDOFF_KEY, JSON.stringify({ toasts, from: location.pathname, to, at: Date.now() } satisfies Handoff));
  } catch {
    // Storage unavailable: the toasts just end with the page.
  }
}

/** The toasts handed to this page load, if it is the navigation they were meant for; consumed on reading. */
export function takeHandedOffToasts(now = Date.now()): PendingToast[] {
  let handoff: Handoff | undefined;
  try {
    handoff = JSON.parse(sessionStorage.getItem(HANDOFF_KEY) ?? 'null') as Handoff | undefined;
    sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    return [];
  }
  if (!handoff || !Array.isArray(handoff.toasts) || !(now - handoff.at < HANDOFF_MS)) return [];
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'reload') return [];
  // Meant for the page the followed link named; with no link followed, for any page but the one that showed them.
  const meantForHere = handoff.to === undefined ? handoff.from !== location.pathname : handoff.to === location.pathname;
  if (!meantForHere) return [];
  return handoff.toasts.filter((toast) => toast.until > now);
}
