/**
 * A doctor's day rebuilt from its event log: pure, so the numbers (place, people ahead, pace,
 * estimate) are the same in every process and can be checked by unit tests. The database keeps the
 * events (queue/repository.ts); nothing here reads it or the clock.
 */
import type { PublicBoard, QueueEventType, QueueSession, QueueStatus } from '#lib/api/contracts/queue.ts';

const MINUTE = 60_000;

/** A confirmed appointment of the day, as the queue needs it. */
export interface QueueAppointment {
  key: string;
  startsAt: Date;
  accountId: number;
  patientName: string;
}

/** One row of the log. */
export interface QueueEventRecord {
  seq: number;
  type: QueueEventType;
  appointmentKey: string | null;
  minutes: number | null;
  source: 'desk' | 'patient';
  createdAt: Date;
}

export interface QueueEntry {
  /** The place in the day, from 1, in slot order. */
  number: number;
  key: string;
  startsAt: Date;
  accountId: number;
  patientName: string;
  status: QueueStatus;
  checkedInAt?: Date;
  checkedInBy?: 'patient' | 'desk';
  calledAt?: Date;
}

export interface DayQueue {
  session: QueueSession;
  entries: QueueEntry[];
  /** The number called last, and when. */
  nowServing?: number;
  calledAt?: Date;
  delayMinutes: number;
  pace: { minutes: number; observed: boolean };
  /** The seq of the last event applied (0: none). */
  lastSeq: number;
}

/** The median of `values` (which must not be empty). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Minutes between calls today: the median of the gaps between consecutive calls (robust to one
 * long visit or a coffee break), or the doctor's visit length until two patients have been called.
 */
export function observedPace(callTimes: readonly Date[], visitMinutes: number): DayQueue['pace'] {
  const gaps: number[] = [];
  for (let i = 1; i < callTimes.length; i++) gaps.push((callTimes[i]!.getTime() - callTimes[i - 1]!.getTime()) / MINUTE);
  const positive = gaps.filter((gap) => gap > 0);
  if (positive.length === 0) return { minutes: visitMinutes, observed: false };
  return { minutes: Math.round(median(positive) * 10) / 10, observed: true };
}

/** Whether `status` still waits to be called. */
export const isWaiting = (status: QueueStatus) => status === 'waiting' || status === 'checked_in';

/**
 * Replays the log over the day's appointments. Events arrive checked (queue/rules.ts), so replay
 * trusts them; one naming an appointment no longer in the day (cancelled since) is skipped.
 */
export function replayDay(appointments: readonly QueueAppointment[], events: readonly QueueEventRecord[], visitMinutes: number): DayQueue {
  const entries: QueueEntry[] = [...appointments]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.key.localeCompare(b.key))
    .map((appointment, index) => ({ ...appointment, number: index + 1, status: 'waiting' as QueueStatus }));
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const day: DayQueue = { session: 'not_started', entries, delayMinutes: 0, pace: { minutes: visitMinutes, observed: false }, lastSeq: 0 };
  const callTimes: Date[] = [];
  const endCurrent = () => {
    for (const entry of entries) if (entry.status === 'called') entry.status = 'done';
  };
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    day.lastSeq = event.seq;
    const entry = event.appointmentKey ? byKey.get(event.appointmentKey) : undefined;
    switch (event.type) {
      case 'session_started':
      case 'resumed':
        day.session = 'running';
        break;
      case 'paused':
        day.session = 'paused';
        break;
      case 'session_ended':
        day.session = 'ended';
        endCurrent();
        break;
      case 'delay':
        day.delayMinutes = event.minutes ?? 0;
        break;
      case 'checked_in':
        if (entry && (entry.status === 'waiting' || entry.status === 'no_show')) {
          entry.status = 'checked_in';
          entry.checkedInAt = event.createdAt;
          entry.checkedInBy = event.source;
        }
        break;
      case 'called':
        if (!entry) break;
        // Calling the next patient ends the visit of the one called before.
        endCurrent();
        entry.status = 'called';
        entry.calledAt = event.createdAt;
        day.nowServing = entry.number;
        day.calledAt = event.createdAt;
        if (day.session === 'not_started') day.session = 'running';
        callTimes.push(event.createdAt);
        break;
      case 'visit_ended':
        if (entry) entry.status = 'done';
        break;
      case 'no_show':
        if (entry) entry.status = 'no_show';
        break;
    }
  }
  day.pace = observedPace(callTimes, visitMinutes);
  return day;
}

/** Patients still to be called before `entry`: the waiting ones with a smaller number. */
export function aheadOf(day: DayQueue, entry: QueueEntry): number {
  if (!isWaiting(entry.status)) return 0;
  return day.entries.filter((other) => other.number < entry.number && isWaiting(other.status)).length;
}

/**
 * When `entry` is likely to be called: the next call (now, or one pace after the last call,
 * whichever is later; before the session, the first slot plus the announced delay), then one pace
 * for each patient ahead; never before the patient's own slot plus the announced delay, since
 * clinics do not call a patient before their time. Nothing once called or after the session.
 */
export function estimateFor(day: DayQueue, entry: QueueEntry, now: Date): Date | undefined {
  if (day.session === 'ended' || !isWaiting(entry.status)) return undefined;
  const pace = day.pace.minutes * MINUTE;
  const delay = day.delayMinutes * MINUTE;
  const first = day.entries[0]?.startsAt.getTime() ?? now.getTime();
  let next: number;
  if (day.session === 'not_started') next = Math.max(now.getTime(), first + delay);
  else if (day.calledAt) next = Math.max(now.getTime(), day.calledAt.getTime() + pace);
  else next = now.getTime();
  const estimate = Math.max(next + aheadOf(day, entry) * pace, entry.startsAt.getTime() + delay);
  // Rounded up to the minute: a patient reads minutes, and a second-level figure changes every tick.
  return new Date(Math.ceil(estimate / MINUTE) * MINUTE);
}

/** The waiting-room board: no names, no keys. */
export function boardOf(day: DayQueue, date: string, now: Date): PublicBoard {
  return {
    date,
    session: day.session,
    ...(day.nowServing ? { now_serving: day.nowServing } : {}),
    delay_minutes: day.delayMinutes,
    ...(day.calledAt ? { called_at: day.calledAt.toISOString() } : {}),
    waiting: day.session === 'ended' ? 0 : day.entries.filter((entry) => isWaiting(entry.status)).length,
    as_of: now.toISOString(),
  };
}
