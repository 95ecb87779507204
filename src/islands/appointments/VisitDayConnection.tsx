import { formatTime } from '#lib/format/date.ts';
import type { ConnectionMode } from '#stores/visit-day.ts';

const MODE_TEXTS: Record<ConnectionMode, string> = {
  connecting: 'در حال اتصال…',
  live: 'به‌روزرسانی زنده',
  polling: 'به‌روزرسانی هر ۱۵ ثانیه',
  offline: 'بدون اتصال',
  ended: 'پیگیری صف پایان یافت',
};

const DOT: Record<ConnectionMode, string> = {
  connecting: 'bg-line',
  live: 'bg-success',
  polling: 'bg-amber-600 dark:bg-amber-300',
  offline: 'bg-danger',
  ended: 'bg-line',
};

/**
 * How the page hears about the queue and when it last knew: with no connection (or before the
 * server confirmed what this device kept), the state shown is marked as the last known.
 */
export function VisitDayConnection({ mode, checkedAt, saved }: { mode: ConnectionMode; checkedAt: string; saved: boolean }) {
  const stale = mode === 'offline' || (saved && mode !== 'live');
  const at = <time dateTime={checkedAt}>{formatTime(checkedAt)}</time>;
  return (
    <div className="flex flex-col gap-2 text-sm" data-connection={mode}>
      {stale && (
        <p className="rounded-xl border border-amber-700 bg-amber-50 px-4 py-3 font-bold text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100" data-stale>
          آخرین وضعیت شناخته‌شده، ساعت {at}
          {mode === 'offline' && <span className="block font-normal">اتصال برقرار نیست؛ با بازگشت اتصال، صفحه خودش به‌روز می‌شود.</span>}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${DOT[mode]}`} />
          {MODE_TEXTS[mode]}
        </span>
        {!stale && <span data-updated>آخرین به‌روزرسانی: {at}</span>}
      </p>
    </div>
  );
}
