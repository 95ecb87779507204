import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { toPersianDigits } from '#lib/format/digits.ts';
import type { ServiceRequestStatus } from '#lib/services/requests.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $serviceRequests, $serviceRequestsView, loadServiceRequests, type ServiceRequestsView, showServiceRequests } from '#stores/service-requests.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { ListView } from '../ui/ListView.tsx';
import { ListSkeleton } from '../ui/Skeleton.tsx';
import { EMPTY_TEXT, emptyFilteredText, STATUS_FILTER_ORDER, STATUS_LABELS } from './labels.ts';
import { RequestCard } from './RequestCard.tsx';

const ALL = '';
const linkClass = 'inline-flex min-h-11 items-center justify-center rounded-xl px-4 font-bold';

function StatusFilter({ view }: { view: ServiceRequestsView }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:max-w-xs">
      <label htmlFor={id} className="text-sm font-bold">
        وضعیت درخواست
      </label>
      <select
        id={id}
        className="min-h-12 rounded-xl border border-line bg-card px-3 text-base outline-none focus:border-brand"
        value={view.status ?? ALL}
        onChange={(event) => {
          const value = event.target.value;
          // A change of status starts again at the first page.
          showServiceRequests(value === ALL ? { page: 1 } : { status: value as ServiceRequestStatus, page: 1 });
        }}
      >
        <option value={ALL}>همهٔ درخواست‌ها</option>
        {STATUS_FILTER_ORDER.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}

function Empty({ status, servicesHref }: { status: ServiceRequestStatus | undefined; servicesHref: string | undefined }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5">
      <p>{status ? emptyFilteredText(status) : EMPTY_TEXT}</p>
      {!status && <p className="text-sm text-muted">پرستاری و تزریقات در منزل، نمونه‌گیری آزمایش، اجارهٔ تجهیزات پزشکی و خدمات دیگر را از همین‌جا درخواست کنید.</p>}
      <div className="flex flex-wrap gap-3">
        <a href="/sr/request/store" className={`${linkClass} bg-btn-auth text-btn-auth-ink`}>
          ثبت درخواست تازه
        </a>
        {servicesHref && (
          <a href={servicesHref} className={`${linkClass} border border-line text-brand hover:bg-page`}>
            دیدن همهٔ خدمات
          </a>
        )}
        {status && (
          <button type="button" className={`${linkClass} border border-line hover:bg-page`} onClick={() => showServiceRequests({ page: 1 })}>
            نمایش همهٔ درخواست‌ها
          </button>
        )}
      </div>
    </div>
  );
}

function List({ servicesHref }: { servicesHref: string | undefined }) {
  const list = useStore($serviceRequests);
  const view = useStore($serviceRequestsView);
  return (
    <ListView
      state={list}
      loading={<ListSkeleton label="در حال بارگذاری درخواست‌ها…" facts={3} />}
      failedText="درخواست‌ها بارگذاری نشد."
      onRetry={() => void loadServiceRequests()}
      empty={<Empty status={view.status} servicesHref={servicesHref} />}
      count={(meta) => `${toPersianDigits(meta.total)} درخواست${view.status ? ` با وضعیت «${STATUS_LABELS[view.status]}»` : ''}`}
      keyOf={(request) => request.key}
      pagerLabel="صفحه‌های درخواست‌ها"
      onPage={(page) => showServiceRequests({ ...view, page })}
    >
      {(request) => <RequestCard request={request} />}
    </ListView>
  );
}

/**
 * /sr/request/list: the account's service requests, newest first, filtered by status and paged (both
 * kept in the address). `servicesHref` is the catalogue's page, when it is built.
 */
export function RequestsPage({ servicesHref }: { servicesHref?: string | undefined }) {
  const view = useStore($serviceRequestsView);
  return (
    <AuthGate what={promptWhat.requests}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-bold">درخواست‌های من</h1>
          <a href="/sr/request/store" className={`${linkClass} border border-line text-brand hover:bg-page`}>
            درخواست تازه
          </a>
        </div>
        <StatusFilter view={view} />
        <section aria-label="فهرست درخواست‌ها">
          <List servicesHref={servicesHref} />
        </section>
      </div>
    </AuthGate>
  );
}
