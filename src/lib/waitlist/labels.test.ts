import { describe, expect, it } from 'vitest';
import { PARTS_OF_DAY, WAITLIST_STATUSES } from '../api/contracts/waitlist.ts';
import { dayRangeText, entryStatusLabel, joinedText, offerTimeLeftText, PART_OF_DAY_LABELS, positionText, WAITLIST_STATUS_LABELS } from './labels.ts';

describe('the waitlist in Persian', () => {
  it('names every part of the day and every status of the contract', () => {
    expect(Object.keys(PART_OF_DAY_LABELS).sort()).toEqual([...PARTS_OF_DAY].sort());
    expect(Object.keys(WAITLIST_STATUS_LABELS).sort()).toEqual([...WAITLIST_STATUSES].sort());
    expect(PART_OF_DAY_LABELS).toEqual({ morning: 'صبح', afternoon: 'عصر', any: 'فرقی نمی‌کند' });
  });

  it('tells an offer held for payment apart from one still to answer', () => {
    expect(entryStatusLabel('offered', 'live')).toBe('نوبت پیشنهادی');
    expect(entryStatusLabel('offered', 'accepted')).toBe('در انتظار پرداخت');
    expect(entryStatusLabel('waiting')).toBe('در انتظار');
  });

  it('tells a place in line in Persian digits', () => {
    expect(positionText(3)).toBe('نفر ۳ در فهرست انتظار');
    expect(positionText(12)).toBe('نفر ۱۲ در فهرست انتظار');
    expect(joinedText(1)).toBe('به فهرست انتظار اضافه شدید: نفر ۱ در فهرست انتظار.');
  });

  it('reads a range of Tehran days in the Jalali calendar', () => {
    expect(dayRangeText('2026-11-28', '2026-12-12')).toBe('۷ آذر ۱۴۰۵ تا ۲۱ آذر ۱۴۰۵');
    expect(dayRangeText('2026-12-21', '2026-12-21')).toBe('۳۰ آذر ۱۴۰۵');
  });

  it('speaks the time left on an offer by whole minutes, so it changes once a minute', () => {
    expect(offerTimeLeftText(30 * 60)).toBe('۳۰ دقیقه برای پاسخ به این نوبت باقی است.');
    expect(offerTimeLeftText(29 * 60 + 1)).toBe('۳۰ دقیقه برای پاسخ به این نوبت باقی است.');
    expect(offerTimeLeftText(29 * 60)).toBe('۲۹ دقیقه برای پاسخ به این نوبت باقی است.');
    expect(offerTimeLeftText(61)).toBe('۲ دقیقه برای پاسخ به این نوبت باقی است.');
    expect(offerTimeLeftText(60)).toBe('کمتر از یک دقیقه برای پاسخ به این نوبت باقی است.');
    expect(offerTimeLeftText(0)).toBe('مهلت پاسخ به این نوبت تمام شد.');
    // Every second of a minute says the same words.
    const spoken = new Set(Array.from({ length: 60 }, (_, second) => offerTimeLeftText(600 - second)));
    expect(spoken.size).toBe(1);
  });
});
