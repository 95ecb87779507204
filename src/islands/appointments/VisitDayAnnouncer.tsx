import { useEffect, useRef, useState } from 'react';
import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { changesWorthTelling } from '#stores/visit-day.ts';
import { aheadText, calledText, delayText, QUEUE_SESSION_LABELS, QUEUE_STATUS_LABELS } from './visit-day-labels.ts';

/** The sentence a screen reader hears for what changed between `before` and `after`; '' for nothing worth it. */
function announcement(before: PatientQueue | undefined, after: PatientQueue): string {
  const changes = changesWorthTelling(before, after);
  const parts: string[] = [];
  if (changes.includes('status')) parts.push(after.status === 'called' ? calledText(after.place) : `وضعیت شما: ${QUEUE_STATUS_LABELS[after.status]}`);
  if (changes.includes('ahead')) parts.push(aheadText(after.ahead));
  if (changes.includes('delay')) parts.push(delayText(after.delay_minutes));
  if (changes.includes('session')) parts.push(QUEUE_SESSION_LABELS[after.session]);
  return parts.join('. ');
}

/**
 * A polite live region that speaks only when the place in the queue, the call, the delay or the
 * session changes: the stream also brings new estimates and times every few seconds, and reading
 * each of them out would drown the page.
 */
export function VisitDayAnnouncer({ queue }: { queue: PatientQueue }) {
  const previous = useRef<PatientQueue | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    const said = announcement(previous.current, queue);
    previous.current = queue;
    if (said) setText(said);
  }, [queue]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-announcer>
      {text}
    </p>
  );
}
