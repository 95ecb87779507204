import type { Flag } from '#lib/api/contracts/test-results.ts';
import { FLAG_ARROWS, FLAG_DIRECTIONS, FLAG_LABELS, FLAG_TONES } from './labels.ts';

/**
 * A value's flag as a word, an arrow and a colour: «پایین ↓», «بالا ↑», «بحرانی» on a solid danger
 * background (its direction said to screen readers). The word carries the meaning; the arrow and
 * the colour only repeat it.
 */
export function FlagBadge({ flag }: { flag: Flag }) {
  const direction = FLAG_DIRECTIONS[flag];
  return (
    <span
      className={`results-flag inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-bold ${FLAG_TONES[flag]}`}
      data-flag={flag}
    >
      {direction && (
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3 2 21h20L12 3zM12 10v5M12 18h.01" />
        </svg>
      )}
      {FLAG_LABELS[flag]}
      {direction && <span className="sr-only">، {direction}</span>}
      <span aria-hidden="true">{FLAG_ARROWS[flag]}</span>
    </span>
  );
}
