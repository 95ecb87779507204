import type { ListMeta } from '#lib/api/pages.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

const buttonClass = 'inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 font-bold hover:bg-page disabled:cursor-not-allowed disabled:opacity-50';

/** Previous and next page of a list answer (api.md `meta`); nothing when it fits on one page. */
export function Pager({ meta, onPage, label }: { meta: ListMeta; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button type="button" className={buttonClass} disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        صفحهٔ قبل
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        صفحهٔ {toPersianDigits(meta.page)} از {toPersianDigits(pages)}
      </p>
      <button type="button" className={buttonClass} disabled={meta.page >= pages} onClick={() => onPage(meta.page + 1)}>
        صفحهٔ بعد
      </button>
    </nav>
  );
}
