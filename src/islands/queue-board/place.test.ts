import { describe, expect, it } from 'vitest';
import { type BoardSession, todaysPlace } from './place.ts';

const sessions: BoardSession[] = [
  { day: 'friday', start: '16:00', end: '20:00', place: 'درمانگاه زنان، اتاق ۲۰۴' },
  { day: 'friday', start: '08:00', end: '12:00', place: 'درمانگاه عمومی، اتاق ۱۰۱' },
  { day: 'monday', start: '08:00', end: '12:00', place: 'درمانگاه قلب' },
];

// 2026-11-27 is a Friday; Tehran is UTC+03:30.
const at = (time: string) => new Date(`2026-11-27T${time}:00+03:30`);

describe("today's place on the board", () => {
  it("names the session that has not ended yet, in the day's order", () => {
    expect(todaysPlace(sessions, at('07:30'))).toBe('درمانگاه عمومی، اتاق ۱۰۱');
    expect(todaysPlace(sessions, at('13:00'))).toBe('درمانگاه زنان، اتاق ۲۰۴');
  });

  it("keeps the day's last session after it ended, and names nothing on a day without one", () => {
    expect(todaysPlace(sessions, at('21:00'))).toBe('درمانگاه زنان، اتاق ۲۰۴');
    expect(todaysPlace(sessions, new Date('2026-11-28T10:00:00+03:30'))).toBeUndefined();
  });
});
