import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { formatWeekdayDateTime } from '#lib/format/date.ts';
import { $visitAppointment, $visitConnection, $visitDay, retryVisitDay } from '#stores/visit-day.ts';
import { LoadFailed } from '../ui/LoadState.tsx';
import { DetailSkeleton } from '../ui/Skeleton.tsx';
import { VisitDayAnnouncer } from './VisitDayAnnouncer.tsx';
import { VisitDayCheckIn } from './VisitDayCheckIn.tsx';
import { VisitDayConnection } from './VisitDayConnection.tsx';
import { VisitDayQueue } from './VisitDayQueue.tsx';

const LIST_PATH = '/patient-profile/services';

function BackLink() {
  return (
    <a href={LIST_PATH} className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 font-bold text-brand hover:bg-page">
      <span aria-hidden="true">→</span>
      همهٔ نوبت‌های من
    </a>
  );
}

/** Before the queue is known: the page's heading over what stands in for it. */
function Pending({ children }: { children: ReactNode }) {
  return (
    <>
      <h1 className="text-xl font-bold">روز ویزیت</h1>
      {children}
    </>
  );
}

function Body({ receipt }: VisitDayProps) {
  const state = useStore($visitDay);
  const mode = useStore($visitConnection);
  const appointment = useStore($visitAppointment);
  if (state.status === 'loading') {
    return (
      <Pending>
        <DetailSkeleton label="در حال بارگذاری صف نوبت…" />
      </Pending>
    );
  }
  if (state.status === 'failed') {
    return (
      <Pending>
        <LoadFailed text="صف نوبت بارگذاری نشد؛ اتصال برقرار نیست." onRetry={retryVisitDay} />
      </Pending>
    );
  }
  if (state.status === 'refused') {
    return (
      <Pending>
        <p className="rounded-2xl border border-line bg-card p-5" role="alert">
          {state.message ?? 'این نوبت پیدا نشد.'}
        </p>
      </Pending>
    );
  }
  const { queue } = state;
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-bold">روز ویزیت: {queue.doctor_name}</h1>
        <p className="text-sm text-muted">
          نوبت <time dateTime={queue.start}>{formatWeekdayDateTime(queue.start)}</time>
        </p>
      </header>
      <VisitDayConnection mode={mode} checkedAt={state.checkedAt} saved={state.saved} />
      <VisitDayAnnouncer queue={queue} />
      <VisitDayQueue queue={queue} />
      <VisitDayCheckIn queue={queue} offline={mode === 'offline'} />
      <section aria-labelledby="visit-place" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4">
        <h2 id="visit-place" className="font-bold">
          کجا بروید
        </h2>
        <p className="font-bold">{queue.place.clinic}</p>
        <p>
          {queue.place.building}، {queue.place.floor}
          {queue.place.room && <>، {queue.place.room}</>}
        </p>
      </section>
      {appointment?.receipt && receipt(appointment)}
    </div>
  );
}

export interface VisitDayProps {
  /**
   * The appointment's receipt, as its card draws it. Handed in by the page, which has the card
   * already: importing it here would split the card into a chunk of its own, one more script on the list.
   */
  receipt: (appointment: Appointment) => ReactNode;
}

/** /patient-profile/services?visit=AP-XXXXXX: the visit-day view of one of today's appointments. */
export function VisitDay({ receipt }: VisitDayProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <BackLink />
      <Body receipt={receipt} />
    </div>
  );
}
