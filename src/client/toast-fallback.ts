import { $dark } from '#client/state/theme.ts';
import { $toasts, type PendingToast, removeToast, TOAST_DURATION_MS, type ToastKind } from '#client/state/toasts.ts';
import { keepBelowHeader } from './toast-placement.ts';

/**
 * The toasts of a page whose React renderer cannot load: offline, on a page that never ran React,
 * where «no internet» must still be said. The service worker precaches this module (a few hundred
 * bytes) instead of React. It writes react-toastify's own markup, so the styles every page already
 * carries (react-toastify's CSS and islands/shell/toast-host.css) make it look and move the same:
 * top right, right to left, the theme, a 44 px close button, below the header, closing by itself
 * after its time unless the pointer rests on it, at most three at once.
 */
const MAX_VISIBLE = 3;
const EXIT_MS = 900;
const SVG = 'http://www.w3.org/2000/svg';
const CLOSE_GLYPH = 'M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z';

interface Shown {
  element: HTMLElement;
  timer: number;
  /** Time left to show, while the pointer rests on it. */
  left: number;
  since: number;
}

/** The kind's mark on a disc of react-toastify's colour for it: «!», «i» or a tick. */
const MARKS: Record<ToastKind, string> = { error: 'M12 6v8m0 3v1.5', warning: 'M12 6v8m0 3v1.5', info: 'M12 10.5v7m0-11v1.5', success: 'M7 12.5l3.5 3.5 6.5-7' };

function svg(viewBox: string, ...children: [tag: string, attributes: Record<string, string>][]): SVGSVGElement {
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', viewBox);
  icon.setAttribute('aria-hidden', 'true');
  for (const [tag, attributes] of children) {
    const child = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) child.setAttribute(name, value);
    icon.append(child);
  }
  return icon;
}

/** Mounts the page's one toast container, rendering `$toasts` from now on. */
export function mountToastFallback(): void {
  const host = document.createElement('div');
  host.id = 'toast-host';
  const section = document.createElement('section');
  section.className = 'Toastify';
  section.setAttribute('aria-live', 'polite');
  section.setAttribute('aria-label', 'پیام‌ها');
  const container = document.createElement('div');
  container.className = 'Toastify__toast-container Toastify__toast-container--top-right Toastify__toast-container--rtl';
  section.append(container);
  host.append(section);

  keepBelowHeader(host);

  const shown = new Map<string, Shown>();
  const theme = () => ($dark.get() ? 'dark' : 'light');

  const open = (toast: PendingToast): Shown => {
    const element = document.createElement('div');
    element.className = `Toastify__toast Toastify__toast-theme--${theme()} Toastify__toast--${toast.kind} Toastify__toast--rtl portal-toast portal-toast-in`;
    element.setAttribute('role', 'alert');
    const icon = document.createElement('div');
    icon.className = 'Toastify__toast-icon';
    icon.append(
      svg(
        '0 0 24 24',
        ['circle', { cx: '12', cy: '12', r: '12', fill: `var(--toastify-icon-color-${toast.kind})` }],
        ['path', { d: MARKS[toast.kind], stroke: '#fff', 'stroke-width': '2.5', 'stroke-linecap': 'round', fill: 'none' }],
      ),
    );
    element.append(icon, toast.text);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = `Toastify__close-button Toastify__close-button--${theme()} portal-toast-close`;
    close.setAttribute('aria-label', 'بستن پیام');
    close.append(svg('0 0 14 16', ['path', { 'fill-rule': 'evenodd', d: CLOSE_GLYPH }]));
    close.addEventListener('click', () => removeToast(toast.id));
    element.append(close);
    const entry: Shown = { element, timer: 0, left: Math.max(1000, Math.min(TOAST_DURATION_MS, toast.until - Date.now())), since: 0 };
    const run = () => {
      entry.since = performance.now();
      entry.timer = window.setTimeout(() => removeToast(toast.id), entry.left);
    };
    element.addEventListener('mouseenter', () => {
      clearTimeout(entry.timer);
      entry.left = Math.max(0, entry.left - (performance.now() - entry.since));
    });
    element.addEventListener('mouseleave', run);
    run();
    // Newest on top.
    container.prepend(element);
    return entry;
  };

  const render = (toasts: readonly PendingToast[]) => {
    const visible = toasts.slice(0, MAX_VISIBLE);
    const ids = new Set(visible.map((toast) => toast.id));
    for (const [id, entry] of shown) {
      if (ids.has(id)) continue;
      shown.delete(id);
      clearTimeout(entry.timer);
      entry.element.classList.replace('portal-toast-in', 'portal-toast-out');
      setTimeout(() => entry.element.remove(), EXIT_MS);
    }
    for (const toast of visible) if (!shown.has(toast.id)) shown.set(toast.id, open(toast));
  };
  // The first toasts go in before the host does: the page sees them arrive once, with it.
  $toasts.subscribe(render);
  document.body.append(host);
  $dark.listen(() => {
    for (const { element } of shown.values()) {
      for (const node of [element, ...element.querySelectorAll('.Toastify__close-button')]) {
        node.className = node.className.replace(/--(?:light|dark)\b/, `--${theme()}`);
      }
    }
  });
}
