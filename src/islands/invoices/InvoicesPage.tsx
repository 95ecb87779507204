import { useStore } from '@nanostores/react';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $invoices, $invoicesView, $unpaidSummary, INVOICE_FILTERS, type InvoiceFilter, loadInvoices, showInvoices } from '#stores/invoices.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { ListView } from '../ui/ListView.tsx';
import { ListSkeleton } from '../ui/Skeleton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { InvoiceCard } from './InvoiceCard.tsx';
import { EMPTY_TEXTS, FILTER_LABELS } from './labels.ts';

const PANEL_ID = 'invoices-panel';
const tabId = (filter: InvoiceFilter) => `invoices-tab-${filter}`;

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

function Empty({ filter }: { filter: InvoiceFilter }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5">
      <p className="leading-8">{EMPTY_TEXTS[filter]}</p>
      {filter !== 'all' && (
        <button type="button" className="min-h-11 rounded-xl border border-line px-4 font-bold hover:bg-page" onClick={() => showInvoices({ status: 'all', page: 1 })}>
          دیدن همهٔ صورت‌حساب‌ها
        </button>
      )}
    </div>
  );
}

function List() {
  const list = useStore($invoices);
  const view = useStore($invoicesView);
  const now = Date.now();
  return (
    <ListView
      state={list}
      loading={<ListSkeleton label="در حال بارگذاری صورت‌حساب‌ها…" />}
      failedText="صورت‌حساب‌ها بارگذاری نشد."
      onRetry={() => void loadInvoices()}
      empty={<Empty filter={view.status} />}
      count={(meta) => `${toPersianDigits(meta.total)} صورت‌حساب`}
      keyOf={(invoice) => invoice.key}
      pagerLabel="صفحه‌های صورت‌حساب‌ها"
      onPage={(page) => showInvoices({ ...view, page })}
    >
      {(invoice) => <InvoiceCard invoice={invoice} now={now} />}
    </ListView>
  );
}

/** /sr/invoice: the unpaid total, the invoices by filter (kept in the address), each with a way to pay or print it. */
export function InvoicesPage() {
  const view = useStore($invoicesView);
  return (
    <AuthGate what={promptWhat.invoices}>
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <h1 className="text-xl font-bold">صورت‌حساب‌ها</h1>
        <Summary />
        <Tabs
          values={INVOICE_FILTERS}
          labels={FILTER_LABELS}
          current={view.status}
          onSelect={(status) => showInvoices({ status, page: 1 })}
          label="دسته‌های صورت‌حساب"
          tabId={tabId}
          panelId={PANEL_ID}
        />
        <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(view.status)} tabIndex={-1}>
          <List />
        </section>
      </div>
    </AuthGate>
  );
}
