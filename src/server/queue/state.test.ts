import { describe, expect, it } from 'vitest';
import type { QueueEventType } from '#lib/api/contracts/queue.ts';
import { tehran } from '../../../tests/support/appointments.ts';
import { aheadOf, boardOf, type DayQueue, estimateFor, observedPace, type QueueAppointment, type QueueEventRecord, replayDay } from './state.ts';

const DAY = '2026-12-01';
const VISIT = 15;
const at = (time: string) => tehran(DAY, time);
/** `time` plus `seconds` (the clock of a real desk is not on the minute). */
const atSeconds = (time: string, seconds: number) => new Date(at(time).getTime() + seconds * 1000);

/** Five patients booked 08:00, 08:15 … 09:00, handed over out of order: the queue numbers them by slot. */
const APPOINTMENTS: QueueAppointment[] = ['08:30', '08:00', '09:00', '08:15', '08:45'].map((time, index) => ({
  key: `AP-${time.replace(':', '')}${index}`,
  startsAt: at(time),
  accountId: 100 + index,
  patientName: `بیمار ${time}`,
}));
const keyAt = (time: string) => APPOINTMENTS.find((appointment) => appointment.startsAt.getTime() === at(time).getTime())!.key;

type Step = [type: QueueEventType, when: string | Date, extra?: { key?: string; minutes?: number; source?: 'desk' | 'patient' }];

/** A log from the steps, numbered 1… in the order given. */
function log(steps: Step[]): QueueEventRecord[] {
  return steps.map(([type, when, extra = {}], index) => ({
    seq: index + 1,
    type,
    appointmentKey: extra.key ?? null,
    minutes: extra.minutes ?? null,
    source: extra.source ?? 'desk',
    createdAt: typeof when === 'string' ? at(when) : when,
  }));
}

const replay = (steps: Step[]) => replayDay(APPOINTMENTS, log(steps), VISIT);
const entryAt = (day: DayQueue, time: string) => day.entries.find((entry) => entry.key === keyAt(time))!;
const statuses = (day: DayQueue) => day.entries.map((entry) => entry.status);

describe('replayDay', () => {
  it('numbers the day in slot order and starts with nobody called, no delay and the visit length as pace', () => {
    const day = replay([]);
    expect(day.entries.map((entry) => [entry.number, entry.startsAt.toISOString()])).toEqual(
      ['08:00', '08:15', '08:30', '08:45', '09:00'].map((time, index) => [index + 1, at(time).toISOString()]),
    );
    expect(day).toMatchObject({ session: 'not_started', delayMinutes: 0, pace: { minutes: VISIT, observed: false }, lastSeq: 0 });
    expect(day.nowServing).toBeUndefined();
    expect(statuses(day)).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
  });

  it('breaks a tie of two appointments at one time by key, the same in every process', () => {
    const twins: QueueAppointment[] = [
      { key: 'AP-ZZZZZZ', startsAt: at('08:00'), accountId: 1, patientName: 'الف' },
      { key: 'AP-AAAAAA', startsAt: at('08:00'), accountId: 2, patientName: 'ب' },
    ];
    expect(replayDay(twins, [], VISIT).entries.map((entry) => entry.key)).toEqual(['AP-AAAAAA', 'AP-ZZZZZZ']);
  });

  it('applies the log in seq order, whatever order the rows came in', () => {
    const events = log([
      ['session_started', '08:00'],
      ['called', '08:01', { key: keyAt('08:00') }],
      ['called', '08:12', { key: keyAt('08:15') }],
    ]);
    const day = replayDay(APPOINTMENTS, [events[2]!, events[0]!, events[1]!], VISIT);
    expect(day.nowServing).toBe(2);
    expect(day.lastSeq).toBe(3);
    expect(statuses(day).slice(0, 2)).toEqual(['done', 'called']);
  });

  it('a call ends the visit of the patient called before it, and moves now_serving and called_at', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:02', { key: keyAt('08:00') }],
      ['called', '08:20', { key: keyAt('08:15') }],
    ]);
    expect(statuses(day)).toEqual(['done', 'called', 'waiting', 'waiting', 'waiting']);
    expect(day.nowServing).toBe(2);
    expect(day.calledAt).toEqual(at('08:20'));
    expect(entryAt(day, '08:15').calledAt).toEqual(at('08:20'));
  });

  it('a call before the session was started starts it', () => {
    expect(replay([['called', '08:02', { key: keyAt('08:00') }]]).session).toBe('running');
  });

  it('pauses and resumes the session; a delay is replaced by the next one (0 takes it back)', () => {
    const paused = replay([
      ['session_started', '08:00'],
      ['delay', '08:05', { minutes: 20 }],
      ['paused', '08:10'],
    ]);
    expect(paused).toMatchObject({ session: 'paused', delayMinutes: 20 });
    const resumed = replay([
      ['session_started', '08:00'],
      ['delay', '08:05', { minutes: 20 }],
      ['paused', '08:10'],
      ['resumed', '08:30'],
      ['delay', '08:31', { minutes: 0 }],
    ]);
    expect(resumed).toMatchObject({ session: 'running', delayMinutes: 0 });
  });

  it('a patient marked absent and checking in late is back in the queue, in their own place', () => {
    const absent = replay([
      ['session_started', '08:00'],
      ['no_show', '08:01', { key: keyAt('08:00') }],
      ['called', '08:02', { key: keyAt('08:15') }],
    ]);
    expect(entryAt(absent, '08:00').status).toBe('no_show');
    // An absent patient is not waited for: the third has only nobody ahead now.
    expect(aheadOf(absent, entryAt(absent, '08:30'))).toBe(0);
    const late = replay([
      ['session_started', '08:00'],
      ['no_show', '08:01', { key: keyAt('08:00') }],
      ['called', '08:02', { key: keyAt('08:15') }],
      ['checked_in', '08:20', { key: keyAt('08:00'), source: 'patient' }],
    ]);
    const back = entryAt(late, '08:00');
    expect(back).toMatchObject({ number: 1, status: 'checked_in', checkedInAt: at('08:20'), checkedInBy: 'patient' });
    expect(aheadOf(late, entryAt(late, '08:30'))).toBe(1);
  });

  it('a check-in of a patient being seen or already seen changes nothing', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:02', { key: keyAt('08:00') }],
      ['checked_in', '08:03', { key: keyAt('08:00') }],
    ]);
    expect(entryAt(day, '08:00').status).toBe('called');
    expect(entryAt(day, '08:00').checkedInAt).toBeUndefined();
  });

  it('visit_ended ends one visit and leaves now_serving as it was', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:02', { key: keyAt('08:00') }],
      ['visit_ended', '08:14', { key: keyAt('08:00') }],
    ]);
    expect(statuses(day)[0]).toBe('done');
    expect(day.nowServing).toBe(1);
  });

  it('session_ended ends the visit in progress and nothing more is estimated', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:02', { key: keyAt('08:00') }],
      ['session_ended', '08:10'],
    ]);
    expect(day.session).toBe('ended');
    expect(statuses(day)).toEqual(['done', 'waiting', 'waiting', 'waiting', 'waiting']);
    for (const entry of day.entries) expect(estimateFor(day, entry, at('08:11'))).toBeUndefined();
  });

  it('skips an event naming an appointment no longer in the day (cancelled since)', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:02', { key: 'AP-GONE00' }],
    ]);
    expect(day.nowServing).toBeUndefined();
    expect(day.lastSeq).toBe(2);
    expect(day.pace.observed).toBe(false);
  });
});

describe('observedPace', () => {
  const calls = (...times: string[]) => times.map(at);

  it('is the visit length, not observed, until two patients have been called', () => {
    expect(observedPace([], VISIT)).toEqual({ minutes: VISIT, observed: false });
    expect(observedPace(calls('08:00'), VISIT)).toEqual({ minutes: VISIT, observed: false });
  });

  it('is the middle gap of an odd number of gaps, whatever one long visit took', () => {
    // Gaps 5, 40, 7: the 40-minute visit does not drag the pace.
    expect(observedPace(calls('08:00', '08:05', '08:45', '08:52'), VISIT)).toEqual({ minutes: 7, observed: true });
  });

  it('is the mean of the two middle gaps of an even number of gaps', () => {
    // Gaps 4, 10, 6, 30 → sorted 4, 6, 10, 30 → (6 + 10) / 2.
    expect(observedPace(calls('08:00', '08:04', '08:14', '08:20', '08:50'), VISIT)).toEqual({ minutes: 8, observed: true });
  });

  it('is rounded to a tenth of a minute', () => {
    expect(observedPace([at('08:00'), atSeconds('08:07', 20)], VISIT)).toEqual({ minutes: 7.3, observed: true });
  });

  it('ignores two calls at the same instant (a desk correcting itself)', () => {
    expect(observedPace(calls('08:00', '08:00'), VISIT)).toEqual({ minutes: VISIT, observed: false });
    expect(observedPace(calls('08:00', '08:00', '08:12'), VISIT)).toEqual({ minutes: 12, observed: true });
  });

  it('is what replayDay reports from the day’s calls', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['called', '08:09', { key: keyAt('08:15') }],
      ['called', '08:20', { key: keyAt('08:30') }],
    ]);
    expect(day.pace).toEqual({ minutes: 10, observed: true });
  });
});

describe('aheadOf', () => {
  it('counts the patients still to be called with a smaller number, absent and seen ones not', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['no_show', '08:01', { key: keyAt('08:15') }],
      ['checked_in', '08:02', { key: keyAt('08:30') }],
    ]);
    expect(day.entries.map((entry) => aheadOf(day, entry))).toEqual([0, 0, 0, 1, 2]);
  });

  it('is 0 for someone who is not waiting any more', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:45') }],
    ]);
    expect(aheadOf(day, entryAt(day, '08:45'))).toBe(0);
    expect(aheadOf(day, entryAt(day, '09:00'))).toBe(3);
  });
});

describe('estimateFor', () => {
  it('before the session: from the first slot plus the delay, one visit length per patient ahead', () => {
    const day = replay([]);
    // At 07:30, nobody called: the third patient (two ahead) at 08:00 + 2 × 15.
    expect(estimateFor(day, entryAt(day, '08:30'), at('07:30'))).toEqual(at('08:30'));
    const delayed = replay([['delay', '07:40', { minutes: 20 }]]);
    expect(estimateFor(delayed, entryAt(delayed, '08:30'), at('07:45'))).toEqual(at('08:50'));
  });

  it('before the session: the delay moves the first call, and visits longer than the slots push the rest', () => {
    // 20-minute visits in 15-minute slots: the third is called two visits after 08:00 + 20.
    const day = replayDay(APPOINTMENTS, log([['delay', '07:40', { minutes: 20 }]]), 20);
    expect(estimateFor(day, entryAt(day, '08:30'), at('07:45'))).toEqual(at('09:00'));
  });

  it('before the session but past its first slot: from now, not from a time already gone', () => {
    const day = replay([]);
    expect(estimateFor(day, entryAt(day, '08:30'), at('08:10'))).toEqual(at('08:40'));
  });

  it('in a running session: one pace after the last call, then one pace per patient ahead', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['called', '08:20', { key: keyAt('08:15') }],
    ]);
    // Pace 20 (one observed gap); the fourth patient has the third ahead: 08:20 + 20 + 20.
    expect(day.pace).toEqual({ minutes: 20, observed: true });
    expect(estimateFor(day, entryAt(day, '08:45'), at('08:25'))).toEqual(at('09:00'));
    // Later than the next call was due: counted from now.
    expect(estimateFor(day, entryAt(day, '08:45'), at('08:50'))).toEqual(at('09:10'));
  });

  it('never before the patient’s own slot plus the announced delay (the delay floor)', () => {
    const fast = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['called', '08:02', { key: keyAt('08:15') }],
      ['delay', '08:03', { minutes: 30 }],
    ]);
    // A 2-minute pace would say 08:04 + 2 + 2 for the fifth patient: the floor is 09:00 + 30.
    expect(fast.pace.minutes).toBe(2);
    expect(estimateFor(fast, entryAt(fast, '09:00'), at('08:03'))).toEqual(at('09:30'));
  });

  it('in a running session with nobody called yet: from now', () => {
    const day = replay([['session_started', '08:20']]);
    expect(estimateFor(day, entryAt(day, '08:15'), at('08:21'))).toEqual(at('08:36'));
  });

  it('while paused: as if running, from the last call', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['paused', '08:05'],
    ]);
    expect(day.session).toBe('paused');
    expect(estimateFor(day, entryAt(day, '08:15'), at('08:06'))).toEqual(at('08:15'));
  });

  it('is rounded up to the minute', () => {
    const day = replay([['session_started', '08:20']]);
    expect(estimateFor(day, entryAt(day, '08:15'), atSeconds('08:21', 5))).toEqual(at('08:37'));
  });

  it('is undefined once the patient is called, seen or absent', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['called', '08:10', { key: keyAt('08:15') }],
      ['no_show', '08:11', { key: keyAt('08:30') }],
    ]);
    expect(estimateFor(day, entryAt(day, '08:00'), at('08:12'))).toBeUndefined();
    expect(estimateFor(day, entryAt(day, '08:15'), at('08:12'))).toBeUndefined();
    expect(estimateFor(day, entryAt(day, '08:30'), at('08:12'))).toBeUndefined();
    expect(estimateFor(day, entryAt(day, '08:45'), at('08:12'))).toBeDefined();
  });
});

describe('boardOf', () => {
  it('shows the session, the number called and when, the delay and how many wait: no names, no keys', () => {
    const day = replay([
      ['session_started', '08:00'],
      ['called', '08:00', { key: keyAt('08:00') }],
      ['called', '08:10', { key: keyAt('08:15') }],
      ['delay', '08:11', { minutes: 25 }],
    ]);
    const board = boardOf(day, DAY, at('08:12'));
    expect(board).toEqual({ date: DAY, session: 'running', now_serving: 2, delay_minutes: 25, called_at: at('08:10').toISOString(), waiting: 3, as_of: at('08:12').toISOString() });
    const shown = JSON.stringify(board);
    for (const appointment of APPOINTMENTS) {
      expect(shown).not.toContain(appointment.key);
      expect(shown).not.toContain(appointment.patientName);
    }
  });

  it('before any call has no now_serving; after the session nobody is waiting', () => {
    expect(boardOf(replay([]), DAY, at('07:00'))).toEqual({ date: DAY, session: 'not_started', delay_minutes: 0, waiting: 5, as_of: at('07:00').toISOString() });
    const ended = replay([
      ['session_started', '08:00'],
      ['session_ended', '08:05'],
    ]);
    expect(boardOf(ended, DAY, at('08:06'))).toMatchObject({ session: 'ended', waiting: 0 });
  });
});
