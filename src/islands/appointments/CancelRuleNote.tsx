import type { CancelRule } from '#lib/appointments/cancel-rule.ts';

/**
 * The free-cancel rule as a note: informative while it is open, a warning (with a word, never the
 * colour alone) once it is not. `data-cancel-rule` says which, for tests and print.
 */
export function CancelRuleNote({ rule, className = '' }: { rule: CancelRule; className?: string }) {
  return (
    <p
      className={`rounded-xl border px-4 py-3 text-sm leading-7 ${rule.open ? 'border-line bg-page' : 'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100'} ${className}`}
      data-cancel-rule={rule.open ? 'open' : 'closed'}
    >
      {!rule.open && <strong>توجه: </strong>}
      {rule.text}
    </p>
  );
}
