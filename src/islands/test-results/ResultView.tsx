import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { TestResult } from '#lib/api/contracts/test-results.ts';
import { $testResultsView, showTestResults, writeTestResultsView } from '#stores/test-results.ts';
import { $testResult, loadTestResult, openTestResult, printTestResult } from '#stores/test-results-detail.ts';
import { LoadFailed } from '../ui/LoadState.tsx';
import { DetailSkeleton } from '../ui/Skeleton.tsx';
import { ResultDocument } from './ResultDocument.tsx';
import { SharePanel } from './SharePanel.tsx';

const panel = 'flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 sm:p-5';

/** «همهٔ جواب‌ها»: back to the list page the result was opened from (a new history entry). */
function BackToList() {
  const view = useStore($testResultsView);
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    showTestResults({ page: view.page });
  };
  const search = writeTestResultsView({ page: view.page });
  return (
    <a href={search ? `?${search}` : location.pathname} onClick={back} className="inline-flex min-h-11 items-center self-start text-sm font-bold text-brand underline-offset-4 hover:underline">
      همهٔ جواب‌ها
    </a>
  );
}

/** Whom to talk to about it: the doctor who ordered the test, with a booking link when they practise here. */
function OrderingDoctor({ result }: { result: TestResult }) {
  const doctor = result.ordered_by;
  if (!doctor) return null;
  const title = /^دکتر\s/.test(doctor.name) ? doctor.name : `دکتر ${doctor.name}`;
  return (
    <section aria-labelledby="doctor-title" className={panel}>
      <h2 id="doctor-title" className="text-lg font-bold">
        گفت‌وگو با پزشک
      </h2>
      <p className="text-sm leading-7">
        این آزمایش را <strong>{doctor.name}</strong> درخواست کرده است. بهترین کس برای توضیح جواب، همان پزشکی است که آزمایش را خواسته.
      </p>
      {doctor.booking_url && (
        <a href={doctor.booking_url} className="inline-flex min-h-12 items-center justify-center rounded-xl bg-btn-auth px-4 text-center font-bold text-btn-auth-ink" data-booking>
          نوبت گرفتن از {title}
        </a>
      )}
    </section>
  );
}

function Shown({ result }: { result: TestResult }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the list: the reader starts at the result's title, not at the link they left.
  useEffect(() => heading.current?.focus(), []);
  const patient = `${result.patient.first_name} ${result.patient.last_name}`.trim();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <BackToList />
          <h1 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
            جواب آزمایش <bdi dir="ltr">{result.key}</bdi>
          </h1>
        </div>
        <button type="button" className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-4 font-bold hover:bg-page" onClick={printTestResult}>
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
            <path d="M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z" />
          </svg>
          چاپ جواب
        </button>
      </div>
      <div className="print-layout grid items-start gap-4 desktop:grid-cols-[minmax(0,1fr)_20rem]">
        <ResultDocument result={result} patient={patient} />
        <div className="flex flex-col gap-4 print:hidden">
          <OrderingDoctor result={result} />
          <SharePanel result={result} />
        </div>
      </div>
    </div>
  );
}

/** One result of the patient's, once logged in: loading, not found, failed, or shown with what can be done with it. */
export function ResultView({ resultKey }: { resultKey: string }) {
  useEffect(() => openTestResult(resultKey), [resultKey]);
  const state = useStore($testResult);
  if (state.status === 'failed') return <LoadFailed text="جواب آزمایش بارگذاری نشد." onRetry={() => void loadTestResult()} />;
  if (state.status === 'loading' || (state.status === 'ready' && state.data.key !== resultKey)) return <DetailSkeleton label="در حال بارگذاری جواب آزمایش…" />;
  if (state.status === 'missing') {
    return (
      <section className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5" data-result-missing>
        <BackToList />
        <h1 className="text-xl font-bold">جواب آزمایش پیدا نشد</h1>
        <p className="leading-8">
          جوابی با شمارهٔ <bdi dir="ltr">{resultKey}</bdi> در حساب شما نیست. اگر آن را با شمارهٔ موبایل دیگری گرفته‌اید، در فهرست جواب‌ها با کد پذیرش پیدایش کنید.
        </p>
      </section>
    );
  }
  return <Shown result={state.data} />;
}
