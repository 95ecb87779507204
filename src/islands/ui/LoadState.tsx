/**
 * While data loads from the server: read out once, not a spinner alone. `reserve` is a min-height
 * class for a box about the size of what replaces it, so the page below does not jump when it comes.
 */
export function Loading({ text, reserve = '' }: { text: string; reserve?: string }) {
  return (
    <p className={`rounded-2xl border border-line bg-card p-5 text-muted ${reserve}`} role="status">
      {text}
    </p>
  );
}

/** When it did not load: what failed and a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5" role="alert">
      <p>{text}</p>
      <button type="button" className="min-h-11 rounded-xl border border-line px-4 font-bold" onClick={onRetry}>
        تلاش دوباره
      </button>
    </div>
  );
}
