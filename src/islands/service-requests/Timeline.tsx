import type { ServiceRequestHistoryEntry } from '#lib/api/contracts/service-requests.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { MOVED_BY, STATUS_LABELS, STATUS_TONES } from './labels.ts';
import { whenText } from './parts.tsx';

/**
 * The request's history, oldest first, as an ordered list: each move with its Jalali date and time,
 * who made it, the hospital's note and, for a scheduled visit, its time. The latest is marked current.
 */
export function Timeline({ history }: { history: ServiceRequestHistoryEntry[] }) {
  return (
    <ol className="flex flex-col" data-timeline>
      {history.map((entry, index) => {
        const last = index === history.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end; the index parts two same-second entries
          <li key={`${entry.at}-${entry.status}-${index}`} className="relative flex gap-3 pb-5 last:pb-0" aria-current={last ? 'step' : undefined} data-history={entry.status}>
            {/* The rail and its dot: decoration; the text says everything. */}
            <span aria-hidden="true" className="relative flex w-4 shrink-0 justify-center">
              {!last && <span className="absolute top-5 -bottom-5 w-0.5 bg-line" />}
              <span className={`relative mt-1 size-4 rounded-full border-4 bg-card ${last ? STATUS_TONES[entry.status] : 'border-line'}`} />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-bold">
                {STATUS_LABELS[entry.status]}
                {last && <span className="sr-only"> (وضعیت کنونی)</span>}
              </p>
              <p className="text-sm text-muted">
                <time dateTime={entry.at}>{formatJalaliDateTime(entry.at)}</time>، {MOVED_BY[entry.by]}
              </p>
              {entry.scheduled_at && (
                <p className="text-sm">
                  زمان مراجعه: <time dateTime={entry.scheduled_at}>{whenText(entry.scheduled_at)}</time>
                </p>
              )}
              {entry.note && <p className="rounded-xl bg-page px-3 py-2 text-sm leading-7 [overflow-wrap:anywhere]">{entry.note}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
