import { describe, expect, it } from 'vitest';
import { addDays, daySlots, tehranDayBounds } from './slots.ts';

describe('tehranDayBounds', () => {
  it('runs from one Tehran midnight to the next, 20:30 UTC the evening before each', () => {
    expect(tehranDayBounds('2026-11-28')).toEqual({ start: new Date('2026-11-27T20:30:00Z'), end: new Date('2026-11-28T20:30:00Z') });
  });

  it('ends a year on the first midnight of the next one', () => {
    expect(tehranDayBounds('2026-12-31').end).toEqual(new Date('2026-12-31T20:30:00Z'));
    expect(tehranDayBounds('2027-01-01').start).toEqual(tehranDayBounds('2026-12-31').end);
  });
});

describe('daySlots', () => {
  const doctor = { schedule: [{ day: 'saturday', start: '09:00', end: '10:00', clinic: 'heart' }], visit_minutes: 20 } as const;

  it('hands out one frozen list per doctor and day, the same on every call', () => {
    const first = daySlots(doctor, '2026-11-28');
    expect(first.map((slot) => [slot.start.toISOString(), slot.turn])).toEqual([
      ['2026-11-28T05:30:00.000Z', 1],
      ['2026-11-28T05:50:00.000Z', 2],
      ['2026-11-28T06:10:00.000Z', 3],
    ]);
    expect(daySlots(doctor, '2026-11-28')).toBe(first);
    expect(Object.isFrozen(first) && first.every(Object.isFrozen)).toBe(true);
    // Another doctor with the same hours has lists of its own.
    expect(daySlots({ ...doctor }, '2026-11-28')).not.toBe(first);
  });

  it('keeps a bounded number of days per doctor and still answers the ones it let go', () => {
    const first = daySlots(doctor, '2026-11-28');
    for (let i = 1; i <= 70; i++) daySlots(doctor, addDays('2026-11-28', i));
    const again = daySlots(doctor, '2026-11-28');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
