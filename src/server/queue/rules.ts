import type { QueueEventInput } from '#lib/api/contracts/queue.ts';
import { AppError } from '../errors.ts';
import { queueMessages as M } from './messages.ts';
import type { DayQueue, QueueEntry } from './state.ts';

/**
 * Refuses (409, in Persian) a desk event that does not follow from the day as it stands: nothing
 * after the session ended, no second start, a pause only while running, a call only of a patient
 * not being seen or already seen. `entry` is the appointment the event names, already found in the
 * day (an appointment of another day, another doctor or a cancelled one is refused before this).
 */
export function refuseEvent(day: DayQueue, event: QueueEventInput, entry: QueueEntry | undefined): void {
  const refuse = (message: string) => {
    throw new AppError('conflict', message);
  };
  if (day.session === 'ended') refuse(M.sessionEnded);
  switch (event.type) {
    case 'session_started':
      if (day.session !== 'not_started') refuse(M.sessionAlreadyStarted);
      break;
    case 'paused':
      if (day.session !== 'running') refuse(M.notRunning);
      break;
    case 'resumed':
      if (day.session !== 'paused') refuse(M.notPaused);
      break;
    case 'called':
      if (entry?.status === 'called') refuse(M.alreadyCalled);
      if (entry?.status === 'done') refuse(M.alreadyDone);
      break;
    case 'checked_in':
      if (entry?.status === 'checked_in') refuse(M.alreadyCheckedIn);
      if (entry?.status === 'called') refuse(M.alreadyCalled);
      if (entry?.status === 'done') refuse(M.alreadyDone);
      break;
    case 'visit_ended':
      if (entry?.status === 'done' || entry?.status === 'no_show') refuse(M.alreadyDone);
      break;
    case 'no_show':
      if (entry?.status === 'called' || entry?.status === 'done') refuse(M.notCalledNoShow);
      break;
    case 'delay':
    case 'session_ended':
      break;
  }
}
