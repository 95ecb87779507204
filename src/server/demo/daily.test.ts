import { describe, expect, it } from 'vitest';
import { nextDemoDayAt } from './daily.ts';

describe('nextDemoDayAt', () => {
  it('is just after the coming Tehran midnight (UTC+3:30)', () => {
    expect(nextDemoDayAt(new Date('2026-11-27T20:29:59Z')).toISOString()).toBe('2026-11-27T20:30:05.000Z');
    expect(nextDemoDayAt(new Date('2026-11-27T08:00:00Z')).toISOString()).toBe('2026-11-27T20:30:05.000Z');
  });

  it('once a day has begun, waits for the next one', () => {
    expect(nextDemoDayAt(new Date('2026-11-27T20:30:00Z')).toISOString()).toBe('2026-11-28T20:30:05.000Z');
    expect(nextDemoDayAt(new Date('2026-11-27T20:30:05Z')).toISOString()).toBe('2026-11-28T20:30:05.000Z');
  });
});
