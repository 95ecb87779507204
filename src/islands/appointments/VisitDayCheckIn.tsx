import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { formatTime } from '#lib/format/date.ts';
import { $checkIn, checkInVisit } from '#stores/visit-day.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';

/**
 * «رسیدم»: the patient tells the desk they have arrived. Before it opens the button stays, disabled,
 * with the time it opens; afterwards the check-in time takes its place.
 */
export function VisitDayCheckIn({ queue, offline }: { queue: PatientQueue; offline: boolean }) {
  const checkIn = useStore($checkIn);
  const hintId = useId();
  if (queue.checked_in_at) {
    return (
      <p className="rounded-xl border border-success px-4 py-3 font-bold text-success" data-checked-in>
        حضور شما ساعت <time dateTime={queue.checked_in_at}>{formatTime(queue.checked_in_at)}</time> ثبت شد.
      </p>
    );
  }
  // A patient marked absent may still arrive late: the server says when «رسیدم» is open to them.
  if (!queue.can_check_in && (queue.status !== 'waiting' || queue.session === 'ended')) return null;
  const opensLater = new Date(queue.check_in_opens_at).getTime() > Date.parse(queue.as_of);
  if (!queue.can_check_in && !opensLater) {
    return <p className="text-sm text-muted">برای اعلام حضور به پذیرش درمانگاه مراجعه کنید.</p>;
  }
  const hint = queue.can_check_in ? (
    'وقتی به درمانگاه رسیدید بزنید تا پذیرش بداند آمده‌اید.'
  ) : (
    <>
      اعلام حضور از ساعت <time dateTime={queue.check_in_opens_at}>{formatTime(queue.check_in_opens_at)}</time> ممکن است.
    </>
  );
  return (
    <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:gap-4">
      <PrimaryButton
        type="button"
        busy={checkIn.status === 'sending'}
        disabled={!queue.can_check_in || offline || checkIn.status === 'sending'}
        aria-describedby={hintId}
        onClick={() => void checkInVisit()}
      >
        رسیدم
      </PrimaryButton>
      <p id={hintId} className="text-sm text-muted">
        {hint}
        {offline && queue.can_check_in && ' اکنون اتصال برقرار نیست.'}
      </p>
      {checkIn.status === 'refused' && checkIn.message && (
        <p role="alert" className="text-sm font-bold text-danger">
          {checkIn.message}
        </p>
      )}
    </div>
  );
}
