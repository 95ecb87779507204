import type { ReactNode } from 'react';

/** A fact's term and its value, as a card or a document lists them. */
export type FactRow = readonly [term: string, value: ReactNode];

/** Facts in two columns from `sm` up, each «term: value» on one line that wraps (cards, documents' headers). */
export function Facts({ className = '', children }: { className?: string; children: ReactNode }) {
  return <dl className={`grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 ${className}`.trim()}>{children}</dl>;
}

/** One row of `Facts`. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="min-w-0 font-bold [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Facts as a framed table, one row each: the term, then the value at the end of the line from `sm` up (a booking's or a request's page). */
export function FactTable({ rows }: { rows: readonly FactRow[] }) {
  return (
    <dl className="divide-y divide-line rounded-xl border border-line">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:justify-between sm:gap-6">
          <dt className="shrink-0 text-muted">{term}</dt>
          <dd className="min-w-0 font-bold [overflow-wrap:anywhere] sm:text-end">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
