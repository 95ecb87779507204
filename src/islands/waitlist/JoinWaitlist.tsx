import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $joined, $joining, askToJoin, closeJoin, type JoinTarget, showJoined } from '#stores/waitlist-join.ts';

// The form, the waitlist's store and its words load when the patient asks for them: the booking
// page's first paint carries only this button (build/script-chunks.ts keeps them out of it).
const loadDialog = () => import('./JoinWaitlistDialog.tsx');
const JoinWaitlistDialog = lazy(loadDialog);
const JoinedNote = lazy(() => loadDialog().then((module) => ({ default: module.JoinedNote })));

/** `?waitlist=join` on the booking page: the doctor page's «ورود به فهرست انتظار» link. */
const JOIN_PARAM = 'waitlist';

/**
 * «ورود به فهرست انتظار» for one doctor, the form it opens, and once joined the place in line.
 * With `?waitlist=join` in the address the form opens at once (the login popup first when logged out).
 */
export function JoinWaitlist({ doctorId, doctorName, prominent }: JoinTarget & { prominent: boolean }) {
  const joining = useStore($joining);
  const joined = useStore($joined);

  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.get(JOIN_PARAM) !== 'join') return;
    // Once: a reload after closing the form does not open it again.
    url.searchParams.delete(JOIN_PARAM);
    history.replaceState(history.state, '', url);
    askToJoin({ doctorId, doctorName });
  }, [doctorId, doctorName]);

  if (joined?.doctor_id === doctorId) {
    return (
      <Suspense fallback={null}>
        <JoinedNote entry={joined} />
      </Suspense>
    );
  }

  return (
    <>
      <div className={prominent ? 'flex flex-col gap-3' : 'flex flex-wrap items-center gap-x-3 gap-y-1'}>
        <p className={prominent ? '' : 'text-sm text-muted'}>{prominent ? 'به فهرست انتظار بپیوندید؛ اگر نوبتی آزاد شود، به ترتیب به شما پیشنهاد می‌شود.' : 'زمان مناسبی پیدا نکردید؟'}</p>
        <button
          type="button"
          onClick={() => askToJoin({ doctorId, doctorName })}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          aria-haspopup="dialog"
          className={
            prominent
              ? 'inline-flex min-h-12 items-center justify-center self-start rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink'
              : 'inline-flex min-h-11 items-center rounded-xl border border-line px-4 text-sm font-bold text-brand hover:bg-page'
          }
        >
          ورود به فهرست انتظار
        </button>
      </div>
      {joining && (
        <Suspense fallback={null}>
          <JoinWaitlistDialog target={joining} onClose={closeJoin} onJoined={showJoined} />
        </Suspense>
      )}
    </>
  );
}
