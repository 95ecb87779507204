import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import type { TestResultSummary } from '#lib/api/contracts/test-results.ts';
import { formatJalaliDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { $testResults, $testResultsView, loadTestResults, showTestResults, writeTestResultsView } from '#stores/test-results.ts';
import { ListView } from '../ui/ListView.tsx';
import { ClaimForm } from './ClaimForm.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { EMPTY_RESULTS, STATUS_LABELS, STATUS_TONES } from './labels.ts';
import { Fact, Facts } from '../ui/Facts.tsx';
import { ListSkeleton } from '../ui/Skeleton.tsx';

const icon = 'mt-0.5 size-5 shrink-0';

/** How the values came out, in words with an icon: out of range (amber), critical (danger), or all within. */
function FlagSummary({ result }: { result: TestResultSummary }) {
  if (result.observation_count === 0) return <p className="text-sm text-muted">هنوز جوابی ثبت نشده است.</p>;
  if (result.abnormal_count === 0) {
    return (
      <p className="flex items-start gap-2 font-bold text-success" data-flag-summary="normal">
        <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="m5 12 5 5 9-10" />
        </svg>
        همه در محدوده
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-start gap-2 font-bold text-amber-800 dark:text-amber-200" data-flag-summary="abnormal">
        <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4" />
        </svg>
        {toPersianDigits(result.abnormal_count)} مقدار خارج از محدوده
      </p>
      {result.critical_count > 0 && (
        <p className="flex items-start gap-2 font-bold text-danger" data-flag-summary="critical">
          <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 3 2 21h20L12 3zM12 10v5M12 18h.01" />
          </svg>
          {toPersianDigits(result.critical_count)} مقدار بحرانی: همین حالا با پزشک خود تماس بگیرید
        </p>
      )}
    </div>
  );
}

/** One result of the list: which tests, where and when, how they came out, and a way in. */
function ResultCard({ result, page }: { result: TestResultSummary; page: number }) {
  const titleId = `result-${result.key}`;
  const href = `?${writeTestResultsView({ key: result.key, page })}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    showTestResults({ key: result.key, page });
  };
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4" data-result={result.key}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold [overflow-wrap:anywhere]">
            {result.panel_names.length > 0 ? result.panel_names.join('، ') : 'جواب آزمایش'}
          </h2>
          <p className="text-sm text-muted">
            کد پذیرش <bdi dir="ltr">{result.reception_code}</bdi>
          </p>
        </div>
        <StatusChip status={result.status} label={STATUS_LABELS[result.status]} tone={STATUS_TONES[result.status]} />
      </div>
      <Facts>
        <Fact term="آزمایشگاه">{result.lab}</Fact>
        <Fact term="نمونه‌گیری">
          <time dateTime={result.collected_at}>{formatJalaliDate(result.collected_at)}</time>
        </Fact>
        {result.reported_at && (
          <Fact term="گزارش">
            <time dateTime={result.reported_at}>{formatJalaliDate(result.reported_at)}</time>
          </Fact>
        )}
      </Facts>
      <FlagSummary result={result} />
      <div className="flex flex-wrap gap-2">
        <a
          href={href}
          onClick={open}
          aria-describedby={titleId}
          className="inline-flex min-h-11 items-center justify-center rounded-xl bg-btn-auth px-4 text-sm font-bold text-btn-auth-ink"
        >
          دیدن جواب
        </a>
      </div>
    </article>
  );
}

function List() {
  const list = useStore($testResults);
  const view = useStore($testResultsView);
  return (
    <ListView
      state={list}
      loading={<ListSkeleton label="در حال بارگذاری جواب‌ها…" />}
      failedText="جواب‌ها بارگذاری نشد."
      onRetry={() => void loadTestResults()}
      empty={
        <p className="rounded-2xl border border-line bg-card p-5 leading-8" data-results-empty>
          {EMPTY_RESULTS}
        </p>
      }
      count={(meta) => `${toPersianDigits(meta.total)} جواب`}
      keyOf={(result) => result.key}
      pagerLabel="صفحه‌های جواب‌ها"
      onPage={(page) => showTestResults({ page })}
    >
      {(result) => <ResultCard result={result} page={view.page} />}
    </ListView>
  );
}

/** The list of the patient's results, then the way to claim one filed under another mobile. */
export function ResultsList() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold">جواب آزمایش‌ها</h1>
      <List />
      <ClaimForm />
    </div>
  );
}
