import type { ButtonHTMLAttributes } from 'react';

/** The form's main action (a submit button) with a spinner while `busy`. */
export function PrimaryButton({ children, busy, ...props }: { busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink disabled:opacity-60"
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A secondary action beside it (cancel, edit). */
export function SecondaryButton({ children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line px-5 font-bold text-ink hover:bg-page disabled:opacity-60" {...props}>
      {children}
    </button>
  );
}

/**
 * A confirmation's two answers: do it (busy while it runs) or keep things as they are, which takes
 * the dialog's first focus so a stray Enter changes nothing. Once the answer is `refused`, only «بستن».
 */
export function ConfirmActions({
  confirmLabel,
  busy,
  onConfirm,
  onKeep,
  refused = false,
}: {
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  refused?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {!refused && (
        <PrimaryButton type="button" busy={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </PrimaryButton>
      )}
      <SecondaryButton data-autofocus disabled={busy} onClick={onKeep}>
        {refused ? 'بستن' : 'نه، بماند'}
      </SecondaryButton>
    </div>
  );
}
