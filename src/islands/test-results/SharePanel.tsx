import { lazy, Suspense, useState } from 'react';
import type { TestResult } from '#lib/api/contracts/test-results.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

// The tools (durations, making, copying, revoking) load when the patient opens them: most visits
// only read the result, and a result's page stays within DESIGN.md §6's budget logged in.
const ShareTools = lazy(() => import('./ShareTools.tsx').then((module) => ({ default: module.ShareTools })));

/** A link for a doctor outside this hospital: it opens the result without login until it expires or is revoked. */
export function SharePanel({ result }: { result: TestResult }) {
  const [open, setOpen] = useState(false);
  const live = result.shares.length;
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="share-title" className="text-lg font-bold">
        فرستادن برای پزشک
      </h2>
      <p className="text-sm leading-7 text-muted">
        پیوندی بسازید تا پزشکی بیرون از این بیمارستان جواب را <strong className="text-ink">بدون ورود به حساب</strong> ببیند. در آن صفحه نام شما نیمه‌پنهان است و کد ملی و
        شمارهٔ همراهتان دیده نمی‌شود. پیوند را فقط برای کسی بفرستید که به او اعتماد دارید؛ هر وقت بخواهید می‌توانید باطلش کنید.
      </p>
      {result.status === 'pending' ? (
        <p className="rounded-xl bg-page p-3 text-sm">پس از آمدن جواب می‌توانید آن را بفرستید.</p>
      ) : open ? (
        <Suspense fallback={<p role="status" className="text-sm text-muted">در حال آماده شدن…</p>}>
          <ShareTools result={result} />
        </Suspense>
      ) : (
        <>
          {live > 0 && <p className="text-sm" data-live-count={live}>{toPersianDigits(live)} پیوند باز دارید.</p>}
          <button
            type="button"
            className="inline-flex min-h-12 items-center justify-center rounded-xl border border-brand px-5 font-bold text-brand hover:bg-page"
            onClick={() => setOpen(true)}
          >
            {live > 0 ? 'دیدن پیوندها یا ساختن پیوند تازه' : 'ساختن پیوند برای پزشک'}
          </button>
        </>
      )}
    </section>
  );
}
