import { describe, expect, it } from 'vitest';
import { clock, secondsUntil } from './countdown.ts';

describe('clock', () => {
  it.each([
    [0, '۰۰:۰۰'],
    [5, '۰۰:۰۵'],
    [65, '۰۱:۰۵'],
    [29 * 60 + 59, '۲۹:۵۹'],
    [30 * 60, '۳۰:۰۰'],
    [75 * 60, '۷۵:۰۰'],
  ])('%i seconds read %s', (seconds, text) => {
    expect(clock(seconds)).toBe(text);
  });

  it('never shows a negative or a fractional second', () => {
    expect(clock(-3)).toBe('۰۰:۰۰');
    expect(clock(59.7)).toBe('۰۰:۵۹');
  });
});

describe('secondsUntil', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('counts a started second as a whole one, and stops at 0', () => {
    expect(secondsUntil('2026-11-27T10:30:00.000Z', now)).toBe(1800);
    expect(secondsUntil('2026-11-27T10:00:00.001Z', now)).toBe(1);
    expect(secondsUntil('2026-11-27T10:00:00.000Z', now)).toBe(0);
    expect(secondsUntil('2026-11-27T09:59:00.000Z', now)).toBe(0);
  });

  it('reads an offset as the same instant', () => {
    expect(secondsUntil('2026-11-27T13:31:00+03:30', now)).toBe(60);
  });

  it('treats an unreadable time as already past', () => {
    expect(secondsUntil('soon', now)).toBe(0);
  });
});
