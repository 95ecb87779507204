import { type ReactNode, useEffect, useId, useRef } from 'react';

interface SheetProps {
  open: boolean;
  title: string;
  /** The explicit way out: the close button and Escape. An outside click never closes (spec §2: persistent). */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The popup frame of spec §2, on the platform's modal <dialog> (focus kept inside, the page behind
 * inert, Escape): a bottom sheet with rounded top corners up to 768 px wide, a centred dialog of at
 * most 500 px above that. See docs/decisions/007.
 */
export function Sheet({ open, title, onDismiss, children }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new title is a new step, whose [data-autofocus] takes the focus
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
    // showModal focuses the first focusable element; each step may name a better one.
    if (open) element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [open, title]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: closing is ours to decide, so the form is cleared as with the close button.
        event.preventDefault();
        onDismiss();
      }}
      className="fixed inset-x-0 top-auto bottom-0 m-0 max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-3xl bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-ink shadow-xl backdrop:bg-black/40 min-[769px]:inset-0 min-[769px]:m-auto min-[769px]:h-fit min-[769px]:max-w-[500px] min-[769px]:rounded-3xl"
    >
      {open && (
        <>
          <div className="mb-4 flex items-center gap-3">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button type="button" onClick={onDismiss} className="ms-auto inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-page" aria-label="بستن">
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
