import { describe, expect, it } from 'vitest';
import { toJalaliParts } from '../format/date.ts';
import { addDays, pregnancyStatus } from './calculator.ts';

const jalali = (iso: string) => {
  const { year, month, day } = toJalaliParts(`${iso}T12:00:00Z`);
  return `${year}/${month}/${day}`;
};

describe('pregnancy dates', () => {
  it('counts weeks and days from the LMP, and the due date 280 days on', () => {
    const result = pregnancyStatus('lmp', '2026-09-01', '2026-11-21');
    expect(result).toEqual({
      ok: true,
      status: { lmp: '2026-09-01', dueDate: '2027-06-08', weeks: 11, days: 4, currentWeek: 12, daysToGo: 199 },
    });
  });

  it('gives the same answer from the due date', () => {
    const fromDue = pregnancyStatus('due', '2027-06-08', '2026-11-21');
    expect(fromDue).toEqual(pregnancyStatus('lmp', '2026-09-01', '2026-11-21'));
  });

  it('crosses the Jalali new year (Nowruz) correctly', () => {
    // LMP 15 Dey 1404 → due date in Mehr 1405, across Nowruz 1405.
    const lmp = '2026-01-05';
    expect(jalali(lmp)).toBe('1404/10/15');
    const result = pregnancyStatus('lmp', lmp, '2026-03-25');
    expect(result.ok && jalali(result.status.dueDate)).toBe('1405/7/20');
    expect(result.ok && [result.status.weeks, result.status.days]).toEqual([11, 2]);
  });

  it('crosses the leap day of a Jalali leap year (30 Esfand 1403)', () => {
    const lmp = '2025-03-10';
    expect(jalali(lmp)).toBe('1403/12/20');
    expect(jalali('2025-03-20')).toBe('1403/12/30');
    const result = pregnancyStatus('lmp', lmp, '2025-03-24');
    expect(result.ok && [result.status.weeks, result.status.days]).toEqual([2, 0]);
    expect(result.ok && jalali(result.status.dueDate)).toBe('1404/9/24');
  });

  it('crosses a Gregorian leap day (29 February 2028)', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    const result = pregnancyStatus('lmp', '2027-06-01', '2028-03-01');
    expect(result.ok && result.status.dueDate).toBe('2028-03-07');
    expect(result.ok && result.status.daysToGo).toBe(6);
  });

  it('caps the timeline week at 40 and the days to go at 0 after the due date', () => {
    const result = pregnancyStatus('lmp', '2026-01-01', '2026-10-15');
    expect(result.ok && [result.status.currentWeek, result.status.daysToGo, result.status.weeks]).toEqual([40, 0, 41]);
  });

  it('refuses a future LMP, and dates beyond 42 weeks', () => {
    expect(pregnancyStatus('lmp', '2026-11-22', '2026-11-21')).toEqual({ ok: false, reason: 'future-lmp' });
    expect(pregnancyStatus('lmp', '2025-11-01', '2026-11-21')).toEqual({ ok: false, reason: 'too-long' });
    expect(pregnancyStatus('due', '2026-10-01', '2026-11-21')).toEqual({ ok: false, reason: 'past-due-date' });
    expect(pregnancyStatus('due', '2027-12-01', '2026-11-21')).toEqual({ ok: false, reason: 'too-long' });
  });

  it('is week 1, day 0 on the LMP itself', () => {
    const result = pregnancyStatus('lmp', '2026-11-21', '2026-11-21');
    expect(result.ok && [result.status.weeks, result.status.days, result.status.currentWeek, result.status.daysToGo]).toEqual([0, 0, 1, 280]);
  });
});
