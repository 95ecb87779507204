import { describe, expect, it } from 'vitest';
import { cancelRule, cancelUntilOf } from './cancel-rule.ts';
import { readMyAppointmentsView, writeMyAppointmentsView } from './list-view.ts';
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

describe('the free-cancel rule in words', () => {
  // A visit on Wednesday 4 Azar 1405 at 08:00 Tehran, 24 free hours: the deadline is Tuesday 3 Azar 08:00.
  const start = '2026-11-25T04:30:00.000Z';
  const cancelUntil = cancelUntilOf(start, 24);

  it('says until when, in Jalali and Persian digits, and that the refund goes to the wallet', () => {
    expect(cancelUntil.toISOString()).toBe('2026-11-24T04:30:00.000Z');
    expect(cancelRule({ start, cancelUntil, now: new Date('2026-11-20T12:00:00Z') })).toEqual({
      open: true,
      text: 'لغو یا تغییر زمان رایگان تا سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۰۸:۰۰؛ مبلغ پرداختی به کیف پول شما برمی‌گردد.',
    });
  });

  it('says so in words once it has passed, and tells a visit booked inside the window from one whose time ran out', () => {
    const later = new Date('2026-11-24T10:00:00Z');
    expect(cancelRule({ start, cancelUntil, now: later })).toEqual({ open: false, text: 'تا این نوبت کمتر از ۲۴ ساعت مانده است؛ پس از پرداخت نمی‌توان آن را لغو کرد یا زمانش را تغییر داد.' });
    expect(cancelRule({ start, cancelUntil, now: later, bookedAt: '2026-11-24T09:00:00Z' }).text).toBe('این نوبت کمتر از ۲۴ ساعت پیش از زمانش گرفته شد؛ لغو یا تغییر زمان آن ممکن نیست.');
    expect(cancelRule({ start, cancelUntil, now: later, bookedAt: '2026-11-01T09:00:00Z' }).text).toBe(
      'مهلت لغو و تغییر زمان رایگان (سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۰۸:۰۰) گذشته است؛ این نوبت دیگر لغو یا جابه‌جا نمی‌شود.',
    );
  });
});
