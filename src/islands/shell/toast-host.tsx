import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { type CloseButtonProps, cssTransition, ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { $dark } from '#client/state/theme.ts';
import { $toasts, removeToast, TOAST_DURATION_MS } from '#client/state/toasts.ts';
import { keepBelowHeader } from '#client/toast-placement.ts';
import './toast-host.css';

// Spec §9: fade in over 0.5 s, fade out over 0.9 s, the rest collapse in 300 ms.
const fade = cssTransition({ enter: 'portal-toast-in', exit: 'portal-toast-out', collapseDuration: 300 });
/** At most this many toasts at once; more wait their turn. */
const MAX_VISIBLE = 3;

/** react-toastify's close button, named in Persian («close» otherwise) and a 44 px target (toast-host.css). */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme} portal-toast-close`}
      aria-label="بستن پیام"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

function ToastHost({ host }: { host: HTMLElement }) {
  const toasts = useStore($toasts);
  const dark = useStore($dark);
  const shown = useRef(new Set<string>());
  useEffect(() => keepBelowHeader(host), [host]);

  useEffect(() => {
    const ids = new Set(toasts.map((item) => item.id));
    // Dismissed from code (e.g. «no internet» once the connection is back).
    for (const id of shown.current) {
      if (ids.has(id)) continue;
      shown.current.delete(id);
      toast.dismiss(id);
    }
    for (const item of toasts) {
      if (shown.current.has(item.id)) continue;
      shown.current.add(item.id);
      const remaining = Math.max(1000, Math.min(TOAST_DURATION_MS, item.until - Date.now()));
      toast(item.text, { type: item.kind, toastId: item.id, autoClose: remaining, onClose: () => removeToast(item.id) });
    }
  }, [toasts]);

  return (
    <ToastContainer
      position="top-right"
      rtl
      autoClose={TOAST_DURATION_MS}
      theme={dark ? 'dark' : 'light'}
      transition={fade}
      newestOnTop
      limit={MAX_VISIBLE}
      closeButton={CloseButton}
      pauseOnFocusLoss={false}
      toastClassName="portal-toast"
    />
  );
}

/** Mounts the one toast container of the page; called on the first toast. */
export function mountToastHost(): void {
  const element = document.createElement('div');
  element.id = 'toast-host';
  document.body.append(element);
  createRoot(element).render(<ToastHost host={element} />);
}
