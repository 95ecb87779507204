import { useStore } from '@nanostores/react';
import { useRef, type KeyboardEvent } from 'react';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { $invoices, $invoicesView, $unpaidSummary, INVOICE_FILTERS, loadInvoices, showInvoices, type InvoiceFilter } from '#stores/invoices.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed } from '../ui/LoadState.tsx';
import { Pager } from '../ui/Pager.tsx';
import { ListSkeleton } from '../ui/Skeleton.tsx';
import { InvoiceCard } from './InvoiceCard.tsx';
import { EMPTY_TEXTS, FILTER_LABELS } from './labels.ts';

const PANEL_ID = 'invoices-panel';
const tabId = (filter: InvoiceFilter) => `invoices-tab-${filter}`;

/** The filters as ARIA tabs: arrow keys move between them (the left arrow goes forward, right to left). */
function Tabs({ current }: { current: InvoiceFilter }) {
  const buttons = useRef(new Map<InvoiceFilter, HTMLButtonElement>());
  const select = (filter: InvoiceFilter, focus = false) => {
    if (filter !== current) showInvoices({ status: filter, page: 1 });
    if (focus) buttons.current.get(filter)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = INVOICE_FILTERS.indexOf(current);
    const count = INVOICE_FILTERS.length;
    const next = { ArrowLeft: index + 1, ArrowRight: index - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(INVOICE_FILTERS[(next + count) % count]!, true);
  };
  return (
    <div role="tablist" aria-label="دسته‌های صورت‌حساب" className="flex gap-1 rounded-xl border border-line bg-card p-1" onKeyDown={onKeyDown}>
      {INVOICE_FILTERS.map((filter) => (
        <button
          key={filter}
          ref={(element) => {
            if (element) buttons.current.set(filter, element);
          }}
          type="button"
          role="tab"
          id={tabId(filter)}
          aria-selected={filter === current}
          aria-controls={PANEL_ID}
          tabIndex={filter === current ? 0 : -1}
          onClick={() => select(filter)}
          className="min-h-11 flex-1 rounded-lg px-3 font-bold text-muted hover:bg-page aria-selected:bg-brand/10 aria-selected:text-brand"
        >
          {FILTER_LABELS[filter]}
        </button>
      ))}
    </div>
  );
}

/** The unpaid ones at a glance: how many and how much, whatever the filter shows. */
function Summary() {
  const summary = useStore($unpaidSummary);
  const list = useStore($invoices);
  if (!summary && list.status === 'failed') return null;
  return (
    <section aria-labelledby="invoices-summary" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-5" aria-busy={summary ? undefined : true}>
      <h2 id="invoices-summary" className="text-sm font-bold text-muted">
        صورت‌حساب‌های پرداخت‌نشده
      </h2>
      {summary === undefined ? (
        <div aria-hidden="true" className="h-9 w-48 animate-pulse rounded bg-line" />
      ) : summary.count === 0 ? (
        <p className="text-lg font-bold text-success" data-unpaid-count="0">
          صورت‌حساب پرداخت‌نشده‌ای ندارید.
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1 rounded-xl bg-page px-4 py-3">
            <dt className="text-sm text-muted">تعداد</dt>
            <dd className="text-2xl font-black" data-unpaid-count={summary.count}>
              {toPersianDigits(summary.count)} صورت‌حساب
            </dd>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-page px-4 py-3">
            <dt className="text-sm text-muted">جمع مبلغ قابل پرداخت</dt>
            <dd className="text-2xl font-black" data-unpaid-total>
              {formatRialWithToman(summary.total)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function List() {
  const list = useStore($invoices);
  const view = useStore($invoicesView);
  if (list.status === 'failed') return <LoadFailed text="صورت‌حساب‌ها بارگذاری نشد." onRetry={() => void loadInvoices()} />;
  if (list.status === 'loading') return <ListSkeleton label="در حال بارگذاری صورت‌حساب‌ها…" />;
  const { items, meta } = list.data;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5">
        <p className="leading-8">{EMPTY_TEXTS[view.status]}</p>
        {view.status !== 'all' && (
          <button type="button" className="min-h-11 rounded-xl border border-line px-4 font-bold hover:bg-page" onClick={() => showInvoices({ status: 'all', page: 1 })}>
            دیدن همهٔ صورت‌حساب‌ها
          </button>
        )}
      </div>
    );
  }
  const now = Date.now();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{toPersianDigits(meta.total)} صورت‌حساب</p>
      <ul className="flex flex-col gap-4">
        {items.map((invoice) => (
          <li key={invoice.key}>
            <InvoiceCard invoice={invoice} now={now} />
          </li>
        ))}
      </ul>
      <Pager meta={meta} label="صفحه‌های صورت‌حساب‌ها" onPage={(page) => showInvoices({ ...view, page })} />
    </div>
  );
}

/** /sr/invoice: the unpaid total, the invoices by filter (kept in the address), each with a way to pay or print it. */
export function InvoicesPage() {
  const view = useStore($invoicesView);
  return (
    <AuthGate what="صورت‌حساب‌های خود">
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <h1 className="text-xl font-bold">صورت‌حساب‌ها</h1>
        <Summary />
        <Tabs current={view.status} />
        <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(view.status)} tabIndex={-1}>
          <List />
        </section>
      </div>
    </AuthGate>
  );
}
