import { describe, expect, it } from 'vitest';
import { tehran } from '../../../tests/support/appointments.ts';
import { type Candidate, canTake, daysBetween, median, offerExpiry, partOfDayOf, rangeOver, suits } from './rules.ts';

const wish = { doctorId: 'dr-a', fromDay: '2026-12-03', toDay: '2026-12-05', partOfDay: 'any' as const };
const candidate = (id: number, over: Partial<Candidate> = {}): Candidate => ({ ...wish, id, status: 'waiting', hasDoctorThatDay: false, busyThen: false, offeredBefore: false, ...over });
const slot = (day: string, time: string, doctorId = 'dr-a') => ({ doctorId, start: tehran(day, time) });

describe('waitlist rules', () => {
  it('splits the Tehran day at noon', () => {
    expect(partOfDayOf(tehran('2026-12-03', '08:00'))).toBe('morning');
    expect(partOfDayOf(tehran('2026-12-03', '11:59'))).toBe('morning');
    expect(partOfDayOf(tehran('2026-12-03', '12:00'))).toBe('afternoon');
    expect(partOfDayOf(tehran('2026-12-03', '23:45'))).toBe('afternoon');
    // 00:30 Tehran is the evening before in UTC: still the Tehran morning.
    expect(partOfDayOf(tehran('2026-12-03', '00:30'))).toBe('morning');
  });

  it('suits a slot of the doctor inside the Tehran day range, both ends included, in the part of the day', () => {
    expect(suits(wish, slot('2026-12-03', '08:00'))).toBe(true);
    expect(suits(wish, slot('2026-12-05', '23:45'))).toBe(true);
    expect(suits(wish, slot('2026-12-02', '23:45'))).toBe(false);
    expect(suits(wish, slot('2026-12-06', '00:00'))).toBe(false);
    expect(suits(wish, slot('2026-12-04', '09:00', 'dr-b'))).toBe(false);
    expect(suits({ ...wish, partOfDay: 'morning' }, slot('2026-12-04', '12:00'))).toBe(false);
    expect(suits({ ...wish, partOfDay: 'morning' }, slot('2026-12-04', '11:45'))).toBe(true);
    expect(suits({ ...wish, partOfDay: 'afternoon' }, slot('2026-12-04', '11:45'))).toBe(false);
    expect(suits({ ...wish, partOfDay: 'afternoon' }, slot('2026-12-04', '16:00'))).toBe(true);
  });

  it('skips whoever cannot or need not take the slot', () => {
    const at = slot('2026-12-04', '09:00');
    const line = [
      candidate(7),
      candidate(3),
      candidate(5, { status: 'offered' }),
      candidate(4, { hasDoctorThatDay: true }),
      candidate(2, { busyThen: true }),
      candidate(6, { offeredBefore: true }),
      candidate(1, { partOfDay: 'afternoon' }),
      candidate(8, { status: 'left' }),
      candidate(9),
    ];
    expect(line.filter((entry) => canTake(entry, at)).map((entry) => entry.id)).toEqual([7, 3, 9]);
  });

  it('offers a slot only when the patient could still hold it when the offer ends', () => {
    const now = tehran('2026-12-03', '08:00');
    const settings = { offerMinutes: 30, minLeadMinutes: 60 };
    expect(offerExpiry(tehran('2026-12-03', '09:30'), now, settings)).toEqual(tehran('2026-12-03', '08:30'));
    expect(offerExpiry(tehran('2026-12-03', '09:29'), now, settings)).toBeUndefined();
    expect(offerExpiry(tehran('2026-12-04', '09:00'), now, { offerMinutes: 5, minLeadMinutes: 0 })).toEqual(tehran('2026-12-03', '08:05'));
  });

  it('ends an entry after its last day, in Tehran', () => {
    expect(rangeOver({ toDay: '2026-12-05' }, tehran('2026-12-05', '23:59'))).toBe(false);
    expect(rangeOver({ toDay: '2026-12-05' }, tehran('2026-12-06', '00:00'))).toBe(true);
  });

  it('counts days and takes medians', () => {
    expect(daysBetween(tehran('2026-12-01', '10:00'), tehran('2026-12-15', '10:00'))).toBe(14);
    expect(daysBetween(tehran('2026-12-15', '10:00'), tehran('2026-12-01', '10:00'))).toBe(-14);
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
