import { toTehranIsoDate } from '../format/date.ts';
import { tehranFormatter } from '../format/intl.ts';

export type DayKey = 'saturday' | 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday';

export interface Session {
  day: DayKey;
  start: string;
  end: string;
  clinic: string;
  /** The doctor's room in that clinic («اتاق ۲۰۴»). */
  room?: string | undefined;
}

export interface WorkingDay {
  /** Noon of that day in Tehran, as an instant (safe to format in the Tehran time zone). */
  date: Date;
  day: DayKey;
  sessions: Session[];
}

const weekdayInTehran = tehranFormatter('en-US', { weekday: 'long' });
const timeInTehran = tehranFormatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The Tehran wall time of `at` as `HH:MM` (Latin digits), comparable with a session's `start` and `end`. */
export const tehranClockTime = (at: Date): string => timeInTehran().format(at);

const DAY = 24 * 60 * 60 * 1000;

/**
 * The next `count` days, from `now` on, on which the weekly `schedule` has sessions (Tehran time).
 * Today counts only while one of its sessions has not ended yet.
 */
export function nextWorkingDays(schedule: readonly Session[], now: Date, count = 3): WorkingDay[] {
  const days: WorkingDay[] = [];
  // Noon in Tehran of today's Tehran date: adding whole days never crosses a date line (Iran has no DST since 1401).
  const today = new Date(`${toTehranIsoDate(now)}T12:00:00+03:30`);
  const timeNow = tehranClockTime(now);
  for (let offset = 0; offset < 14 && days.length < count; offset++) {
    const date = new Date(today.getTime() + offset * DAY);
    const day = weekdayInTehran().format(date).toLowerCase() as DayKey;
    const sessions = schedule.filter((session) => session.day === day && (offset > 0 || session.end > timeNow)).sort((a, b) => a.start.localeCompare(b.start));
    if (sessions.length > 0) days.push({ date, day, sessions });
  }
  return days;
}
