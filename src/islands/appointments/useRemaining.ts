import { useEffect, useState } from 'react';
import { secondsUntil } from '#lib/format/countdown.ts';

/** Whole seconds until `until` (an ISO instant), ticking once a second; 0 once it has passed. */
export function useRemaining(until: string): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    const timer = setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

/** What a screen reader hears about the time left: changes once a minute, then at 30 s. */
export function spokenRemaining(seconds: number, toPersian: (n: number) => string): string {
  if (seconds <= 0) return 'مهلت نگه‌داری نوبت تمام شد.';
  if (seconds <= 30) return 'کمتر از ۳۰ ثانیه تا پایان مهلت پرداخت باقی است.';
  if (seconds <= 60) return 'کمتر از یک دقیقه تا پایان مهلت پرداخت باقی است.';
  return `${toPersian(Math.ceil(seconds / 60))} دقیقه تا پایان مهلت پرداخت باقی است.`;
}
