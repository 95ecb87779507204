import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { aheadText, calledText, delayText, QUEUE_SESSION_LABELS, QUEUE_STATUS_LABELS, QUEUE_STATUS_TONES } from './visit-day-labels.ts';

const stillToCome = (queue: PatientQueue) => (queue.status === 'waiting' || queue.status === 'checked_in') && queue.session !== 'ended';

/** The patient's place in the day: the number, how many are before them, who is in now, when and how late. */
export function VisitDayQueue({ queue }: { queue: PatientQueue }) {
  return (
    <section aria-label="صف امروز" className="flex flex-col gap-4">
      {queue.status === 'called' && (
        <p className="rounded-2xl bg-btn-auth p-4 text-center text-xl font-bold text-btn-auth-ink" data-called>
          {calledText(queue.place)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <StatusChip status={queue.status} label={QUEUE_STATUS_LABELS[queue.status]} tone={QUEUE_STATUS_TONES[queue.status]} />
        <span className="text-sm text-muted" data-session={queue.session}>
          {QUEUE_SESSION_LABELS[queue.session]}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col items-center gap-1 rounded-2xl border-2 border-brand bg-card p-4 text-center">
          <span className="text-sm text-muted">شمارهٔ نوبت شما</span>
          <span className="text-6xl leading-none font-bold tabular-nums" data-number>
            {toPersianDigits(queue.number)}
          </span>
        </div>
        <div className="flex flex-col items-center gap-1 rounded-2xl border border-line bg-card p-4 text-center">
          <span className="text-sm text-muted">نوبت در حال ویزیت</span>
          <span className="text-6xl leading-none font-bold tabular-nums" data-now-serving>
            {queue.now_serving === undefined ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">هنوز کسی فراخوانده نشده</span>
              </>
            ) : (
              toPersianDigits(queue.now_serving)
            )}
          </span>
        </div>
      </div>
      {/* Once called (or seen), how many are ahead and how late the doctor runs no longer matter. */}
      {stillToCome(queue) && (
        <ul className="flex flex-col gap-2 rounded-2xl border border-line bg-card p-4">
          <li className="text-lg font-bold" data-ahead={queue.ahead}>
            {aheadText(queue.ahead)}
          </li>
          {queue.estimated_at && (
            <li data-estimate>
              زمان تقریبی نوبت شما: <time dateTime={queue.estimated_at}>حدود ساعت {formatTime(queue.estimated_at)}</time>
            </li>
          )}
          <li data-delay={queue.delay_minutes}>{delayText(queue.delay_minutes)}</li>
        </ul>
      )}
    </section>
  );
}
