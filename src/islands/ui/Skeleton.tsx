/**
 * Grey shapes while data loads: a `role="status"` region whose only words are for screen readers,
 * the shapes hidden from them. One card shape for every list and one document shape for every
 * detail page, so the areas do not drift apart.
 */

const bar = 'rounded bg-line';

/** Two grey cards while a list loads: a title and its line, the chip, `facts` fact lines and, when the cards have one, the action. */
export function ListSkeleton({ label, facts = 2, action = true }: { label: string; facts?: number; action?: boolean }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {[0, 1].map((n) => (
        <div key={n} aria-hidden="true" className="flex animate-pulse flex-col gap-3 rounded-2xl border border-line bg-card p-4">
          <div className="flex justify-between gap-3">
            <div className="flex flex-col gap-2">
              <div className={`h-5 w-48 ${bar}`} />
              <div className={`h-4 w-28 ${bar}`} />
            </div>
            <div className="h-6 w-20 rounded-full bg-line" />
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            {Array.from({ length: facts }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars, all alike, never reordered
              <div key={index} className={`h-4 ${bar}`} />
            ))}
          </div>
          {action && <div className="h-11 w-32 rounded-xl bg-line" />}
        </div>
      ))}
    </div>
  );
}

/** One grey document while a detail page loads: its heading, two facts and two blocks of content. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-4 rounded-2xl border border-line bg-card p-5">
        <div className={`h-6 w-56 ${bar}`} />
        <div className={`h-4 w-40 ${bar}`} />
        <div className="grid gap-2 sm:grid-cols-2">
          <div className={`h-4 ${bar}`} />
          <div className={`h-4 ${bar}`} />
        </div>
        <div className="h-24 rounded-xl bg-line" />
        <div className="h-24 rounded-xl bg-line" />
      </div>
    </div>
  );
}
