import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ServiceRequest } from '#lib/api/contracts/service-requests.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { $serviceRequest, openServiceRequest, startServiceRequest } from '#stores/service-requests-detail.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { windowLabel } from './labels.ts';
import { dayText, PatientText, StatusChip, whenText } from './parts.tsx';
import { Timeline } from './Timeline.tsx';

// Loaded when first opened: the page's first paint does not wait for the dialog.
const CancelRequestDialog = lazy(() => import('./CancelRequestDialog.tsx').then((module) => ({ default: module.CancelRequestDialog })));

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-5';

function Facts({ request }: { request: ServiceRequest }) {
  const rows: [string, ReactNode][] = [
    ['خدمت', request.service.name],
    [
      'کد پیگیری',
      <bdi dir="ltr" className="font-mono">
        {request.key}
      </bdi>,
    ],
    ['بیمار', <PatientText patient={request.patient} />],
    [
      'شمارهٔ تماس',
      <bdi dir="ltr" data-request-phone>
        {toPersianDigits(request.phone)}
      </bdi>,
    ],
    ['نشانی', request.address],
    ['روز دلخواه', <time dateTime={request.preferred_date}>{dayText(request.preferred_date)}</time>],
    ['بازهٔ زمانی', windowLabel(request.preferred_window)],
  ];
  if (request.scheduled_at) rows.push(['زمان مراجعه', <time dateTime={request.scheduled_at}>{whenText(request.scheduled_at)}</time>]);
  if (request.notes) rows.push(['توضیحات شما', <span className="whitespace-pre-line font-normal">{request.notes}</span>]);
  rows.push(['ثبت در', <time dateTime={request.created_at}>{formatJalaliDateTime(request.created_at)}</time>]);
  return (
    <dl className="divide-y divide-line rounded-xl border border-line">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:justify-between sm:gap-6">
          <dt className="shrink-0 text-muted">{label}</dt>
          <dd className="min-w-0 font-bold [overflow-wrap:anywhere] sm:text-end">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Invoices({ keys }: { keys: string[] }) {
  if (keys.length === 0) {
    return <p className="text-muted">هنوز صورت‌حسابی برای این درخواست صادر نشده است. هر صورت‌حسابی که بیمارستان صادر کند، اینجا می‌آید.</p>;
  }
  return (
    <ul className="flex flex-col gap-2">
      {keys.map((key) => (
        <li key={key}>
          <a
            href={`/sr/invoice/show/${encodeURIComponent(key)}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-4 font-bold text-brand hover:bg-page"
          >
            صورت‌حساب <bdi dir="ltr">{key}</bdi>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Request({ request }: { request: ServiceRequest }) {
  const [cancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The dialog closed: the focus goes back to the button that opened it (gone once cancelled).
  const closeDialog = () => {
    setCancelling(false);
    requestAnimationFrame(() => cancelButton.current?.focus());
  };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-xl font-bold">{request.service.name}</h1>
          <p className="text-sm text-muted">
            درخواست <bdi dir="ltr">{request.key}</bdi>
          </p>
        </div>
        <p className="flex items-center gap-2">
          <span className="sr-only">وضعیت:</span>
          <StatusChip status={request.status} />
        </p>
      </div>
      <section aria-labelledby="request-facts" className={sectionClass}>
        <h2 id="request-facts" className="text-lg font-bold">
          جزئیات درخواست
        </h2>
        <Facts request={request} />
        {request.can_cancel && (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-muted">تا پیش از زمان‌بندی بیمارستان می‌توانید درخواست را لغو کنید.</p>
            <button
              ref={cancelButton}
              type="button"
              className="inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 font-bold text-danger hover:bg-page"
              onClick={() => setCancelling(true)}
            >
              لغو درخواست
            </button>
          </div>
        )}
      </section>
      <section aria-labelledby="request-history" className={sectionClass}>
        <h2 id="request-history" className="text-lg font-bold">
          روند رسیدگی
        </h2>
        <Timeline history={request.history} />
      </section>
      <section aria-labelledby="request-invoices" className={sectionClass}>
        <h2 id="request-invoices" className="text-lg font-bold">
          صورت‌حساب‌ها
        </h2>
        <Invoices keys={request.invoice_keys} />
      </section>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelRequestDialog request={request} onClose={closeDialog} />
        </Suspense>
      )}
    </div>
  );
}

function Missing() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5">
      <h1 className="text-xl font-bold">این درخواست پیدا نشد</h1>
      <p className="leading-8">کد پیگیری را دوباره نگاه کنید. اگر درخواست را با حساب دیگری ثبت کرده‌اید، با همان حساب وارد شوید.</p>
      <a href="/sr/request/list" className="inline-flex min-h-11 items-center rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink">
        درخواست‌های من
      </a>
    </section>
  );
}

/** /sr/request/{key}: one request (key from the address): facts, history, invoices and the cancel while it may be. */
export function RequestPage({ requestKey }: { requestKey: string }) {
  return (
    <AuthGate what="این درخواست">
      <RequestView requestKey={requestKey} />
    </AuthGate>
  );
}

/** The page's heading until the request is here (its service's name is not known before). */
function Heading({ requestKey }: { requestKey: string }) {
  return (
    <h1 className="mb-4 text-xl font-bold">
      درخواست <bdi dir="ltr">{requestKey}</bdi>
    </h1>
  );
}

function RequestView({ requestKey }: { requestKey: string }) {
  const state = useStore($serviceRequest);
  useEffect(() => startServiceRequest(requestKey), [requestKey]);
  switch (state.status) {
    case 'ready':
      return <Request request={state.request} />;
    case 'missing':
      return <Missing />;
    case 'failed':
      return (
        <>
          <Heading requestKey={requestKey} />
          <LoadFailed text="این درخواست بارگذاری نشد." onRetry={() => void openServiceRequest(requestKey)} />
        </>
      );
    case 'loading':
    case 'login':
      return (
        <>
          <Heading requestKey={requestKey} />
          <Loading text="در حال بارگذاری درخواست…" />
        </>
      );
  }
}
