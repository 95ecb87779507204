import { useStore } from '@nanostores/react';
import { $holding, hold, type Refusal } from '#stores/appointments-booking.ts';
import { shortWhen } from './when.ts';

/** A refused hold's alternatives (409 `data.alternatives`): one press holds that time instead. */
export function Alternatives({ refusal }: { refusal: Refusal }) {
  const holding = useStore($holding);
  if (refusal.alternatives.length === 0) return <p className="text-sm">زمان دیگری را از فهرست زیر انتخاب کنید.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">نزدیک‌ترین زمان‌های آزاد این پزشک:</p>
      <ul className="flex flex-wrap gap-2" aria-label="زمان‌های آزاد پیشنهادی">
        {refusal.alternatives.map((start) => (
          <li key={start}>
            <button
              type="button"
              disabled={holding}
              className="min-h-11 rounded-xl border border-brand bg-card px-3 text-sm font-bold text-brand hover:bg-brand/10 disabled:opacity-60"
              onClick={() => void hold(start, refusal.patient)}
            >
              {shortWhen(start)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
