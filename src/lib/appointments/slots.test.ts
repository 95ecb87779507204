import { describe, expect, it } from 'vitest';
import { tehranDayBounds } from './slots.ts';

describe('tehranDayBounds', () => {
  it('runs from one Tehran midnight to the next, 20:30 UTC the evening before each', () => {
    expect(tehranDayBounds('2026-11-28')).toEqual({ start: new Date('2026-11-27T20:30:00Z'), end: new Date('2026-11-28T20:30:00Z') });
  });

  it('ends a year on the first midnight of the next one', () => {
    expect(tehranDayBounds('2026-12-31').end).toEqual(new Date('2026-12-31T20:30:00Z'));
    expect(tehranDayBounds('2027-01-01').start).toEqual(tehranDayBounds('2026-12-31').end);
  });
});
