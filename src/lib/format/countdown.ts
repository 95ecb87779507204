import { toPersianDigits } from './digits.ts';

/** Whole seconds from `now` until `until` (an ISO instant), rounded up; 0 once it has passed. */
export function secondsUntil(until: string, now: number = Date.now()): number {
  const end = Date.parse(until);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A countdown as the screen shows it: mm:ss in Persian digits («۰۹:۰۵»); past an hour the minutes go on («۷۵:۰۰»). */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(whole / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return toPersianDigits(`${mm}:${ss}`);
}
