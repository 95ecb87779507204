import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface SheetProps {
  open: boolean;
  title: string;
  /** The explicit way out: the close button and Escape. An outside click never closes (spec §2: persistent). */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The popup frame of spec §2: a bottom sheet with rounded top corners up to 768 px wide, a centred
 * dialog of at most 500 px above that.
 */
export function Sheet({ open, title, onDismiss, children }: SheetProps) {
  return (
    <Dialog open={open} onClose={() => {}} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center min-[769px]:items-center min-[769px]:p-4">
        <DialogPanel
          className="max-h-[90dvh] w-full overflow-y-auto rounded-t-3xl bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-ink shadow-xl min-[769px]:max-w-[500px] min-[769px]:rounded-3xl"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDismiss();
          }}
        >
          <div className="mb-4 flex items-center gap-3">
            <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
            <button
              type="button"
              onClick={onDismiss}
              className="ms-auto inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-page"
              aria-label="بستن"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
