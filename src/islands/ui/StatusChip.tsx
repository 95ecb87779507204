/**
 * A status as a chip: its word in a coloured outline (the word carries it, colour is never the only
 * signal). Each area keeps its own status → label and status → tone tables in its labels.ts; this
 * only draws. `status-chip` is the print sheet's hook (black on paper).
 */
export function StatusChip({ status, label, tone }: { status: string; label: string; tone: string }) {
  return (
    <span className={`status-chip inline-flex shrink-0 items-center rounded-full border px-3 py-1 text-sm font-bold ${tone}`} data-status={status}>
      {label}
    </span>
  );
}
