import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastContainer, cssTransition, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { $dark } from '../../stores/theme.ts';
import { $toasts, TOAST_DURATION_MS, removeToast } from '../../lib/toast/store.ts';
import './toast-host.css';

// Spec §9: fade in over 0.5 s, fade out over 0.9 s, the rest collapse in 300 ms.
const fade = cssTransition({ enter: 'portal-toast-in', exit: 'portal-toast-out', collapseDuration: 300 });

function ToastHost() {
  const toasts = useStore($toasts);
  const dark = useStore($dark);
  const shown = useRef(new Set<string>());

  useEffect(() => {
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
      closeButton
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
  createRoot(element).render(<ToastHost />);
}
