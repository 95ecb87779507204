import type { ReactNode } from 'react';
import type { ListMeta } from '#lib/api/pages.ts';
import type { Loadable } from '#stores/loadable.ts';
import { LoadFailed } from './LoadState.tsx';
import { Pager } from './Pager.tsx';

/** A paged list as its store holds it. */
/** A paged list as the stores keep it (`Loadable` of a page); the items are only read here. */
export type ListState<T> = Loadable<{ items: readonly T[]; meta: ListMeta }>;

export interface ListViewProps<T> {
  state: ListState<T>;
  /** Shown while the list loads (a `ListSkeleton`). */
  loading: ReactNode;
  /** What failed, said with a retry. */
  failedText: string;
  onRetry: () => void;
  /** Shown when the page has no items. */
  empty: ReactNode;
  /** The count line above the items: «۱۲ نوبت». */
  count: (meta: ListMeta) => ReactNode;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
  /** The pager's name for screen readers: «صفحه‌های نوبت‌ها». */
  pagerLabel: string;
  onPage: (page: number) => void;
}

/** The body of a list page: loading, failed with a retry, empty, or the count, the items and the pager. */
export function ListView<T>({ state, loading, failedText, onRetry, empty, count, keyOf, children, pagerLabel, onPage }: ListViewProps<T>) {
  if (state.status === 'failed') return <LoadFailed text={failedText} onRetry={onRetry} />;
  if (state.status === 'loading') return <>{loading}</>;
  const { items, meta } = state.data;
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted" aria-live="polite">
        {count(meta)}
      </p>
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      <Pager meta={meta} label={pagerLabel} onPage={onPage} />
    </div>
  );
}
