import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $serviceRequest, openServiceRequest, startServiceRequest } from '#stores/service-requests-detail.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';

// The request itself is drawn by a file loaded once it has arrived: a logged-out visit (the login
// prompt) never loads it.
const RequestDetail = lazy(() => import('./RequestDetail.tsx').then((module) => ({ default: module.RequestDetail })));

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

/** /sr/request/{key}: one request (key from the address): the visit, facts, invoices with their pay links, files, history and the cancel while it may be. */
export function RequestPage({ requestKey }: { requestKey: string }) {
  return (
    <AuthGate what={promptWhat.request}>
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
      return (
        <Suspense fallback={<Loading text="در حال بارگذاری درخواست…" />}>
          <RequestDetail request={state.request} />
        </Suspense>
      );
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
