import { describe, expect, it } from 'vitest';
import type { PublicBoard } from '#lib/api/contracts/queue.ts';
import { boardText, freshnessText } from './view.ts';

const base: PublicBoard = { date: '2026-11-27', session: 'running', delay_minutes: 0, waiting: 0, as_of: '2026-11-27T06:40:00.000Z' };

describe('the board in words', () => {
  it('shows the number being seen in Persian digits, since when, the delay and who waits', () => {
    expect(boardText({ ...base, now_serving: 12, called_at: '2026-11-27T06:35:00.000Z', delay_minutes: 20, waiting: 3 })).toEqual({
      number: '۱۲',
      calledAt: 'از ساعت ۱۰:۰۵',
      session: 'ویزیت‌ها در جریان است',
      delay: 'پزشک حدود ۲۰ دقیقه تأخیر دارد',
      waiting: '۳ نفر',
    });
  });

  it('says a day with nobody booked plainly, and drops the delay once the session ended', () => {
    expect(boardText({ ...base, session: 'not_started' })).toMatchObject({ number: '—', session: 'امروز نوبتی برای این پزشک نیست', calledAt: 'هنوز کسی فراخوانده نشده است' });
    expect(boardText({ ...base, session: 'not_started', waiting: 4, delay_minutes: 30 })).toMatchObject({ session: 'ویزیت‌ها هنوز آغاز نشده', delay: 'پزشک حدود ۳۰ دقیقه تأخیر دارد' });
    expect(boardText({ ...base, session: 'ended', now_serving: 9, called_at: '2026-11-27T12:00:00.000Z', delay_minutes: 20 })).toMatchObject({ delay: '—', waiting: 'کسی در انتظار نیست' });
  });

  it('says when the board last changed once it is not live', () => {
    expect(freshnessText('polling', base.as_of)).toBe('آخرین به‌روزرسانی: ساعت ۱۰:۱۰ (هر ۱۵ ثانیه)');
    expect(freshnessText('offline', base.as_of)).toBe('ارتباط با سرور قطع است؛ آخرین به‌روزرسانی: ساعت ۱۰:۱۰');
    expect(freshnessText('live', base.as_of)).not.toContain('آخرین');
  });
});
