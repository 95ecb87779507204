import { describe, expect, it } from 'vitest';
import { readMyAppointmentsView, writeMyAppointmentsView } from './my-appointments-view.ts';
import { formatBookingDay, formatSoon } from './when.ts';

describe('a booking day and time in Persian', () => {
  // 2026-11-25 08:00 Tehran (04:30 UTC) is Wednesday 4 Azar 1405.
  const start = '2026-11-25T04:30:00.000Z';

  it('names the weekday, the Jalali day and the year, in that order', () => {
    expect(formatBookingDay(start)).toBe('چهارشنبه ۴ آذر ۱۴۰۵');
  });

  it('says today and tomorrow in Tehran time, else the weekday and day', () => {
    expect(formatSoon(start, new Date('2026-11-24T21:00:00Z'))).toBe('امروز، ساعت ۰۸:۰۰'); // 00:30 on the 25th in Tehran
    expect(formatSoon(start, new Date('2026-11-24T20:00:00Z'))).toBe('فردا، ساعت ۰۸:۰۰'); // 23:30 on the 24th
    expect(formatSoon(start, new Date('2026-11-20T12:00:00Z'))).toBe('چهارشنبه ۴ آذر، ساعت ۰۸:۰۰');
  });
});

describe('the list view in the address', () => {
  it('reads a tab and a page, and falls back to the first page of upcoming', () => {
    expect(readMyAppointmentsView('?tab=cancelled&page=3')).toEqual({ tab: 'cancelled', page: 3 });
    expect(readMyAppointmentsView('?tab=all&page=-1')).toEqual({ tab: 'upcoming', page: 1 });
    expect(readMyAppointmentsView('')).toEqual({ tab: 'upcoming', page: 1 });
  });

  it('writes only what differs from the default', () => {
    expect(writeMyAppointmentsView({ tab: 'upcoming', page: 1 })).toBe('');
    expect(writeMyAppointmentsView({ tab: 'past', page: 2 })).toBe('tab=past&page=2');
  });
});
