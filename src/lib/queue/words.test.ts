import { describe, expect, it } from 'vitest';
import { delayWords, durationWords } from './words.ts';

describe('visit-day words', () => {
  it('says a delay in minutes, or hours and minutes, with Persian digits', () => {
    expect(delayWords(20)).toBe('پزشک حدود ۲۰ دقیقه تأخیر دارد');
    expect(delayWords(60)).toBe('پزشک حدود ۱ ساعت تأخیر دارد');
    expect(delayWords(95)).toBe('پزشک حدود ۱ ساعت و ۳۵ دقیقه تأخیر دارد');
  });

  it('says when no delay was announced (0 takes one back)', () => {
    expect(delayWords(0)).toBe('بدون تأخیر اعلام‌شده');
  });

  it('rounds a fractional span to whole minutes', () => {
    expect(durationWords(12.4)).toBe('۱۲ دقیقه');
  });
});
