/** Which of the doctor's weekly sessions the board names today: its clinic, floor and room. */
import { tehranFormatter } from '#lib/format/intl.ts';

/** One weekly session as the page passes it: Tehran weekday and times, and the place in words. */
export interface BoardSession {
  day: string;
  start: string;
  end: string;
  place: string;
}

const weekday = tehranFormatter('en-US', { weekday: 'long' });
const clock = tehranFormatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The place of today's session that has not ended yet (the first), else of today's last one;
 * undefined when the doctor has no session today (the page's own line stays).
 */
export function todaysPlace(sessions: readonly BoardSession[], now: Date): string | undefined {
  const day = weekday().format(now).toLowerCase();
  const time = clock().format(now);
  const today = sessions.filter((session) => session.day === day).sort((a, b) => a.start.localeCompare(b.start));
  return (today.find((session) => session.end > time) ?? today.at(-1))?.place;
}
