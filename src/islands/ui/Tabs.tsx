import { type KeyboardEvent, useRef } from 'react';

export interface TabsProps<T extends string> {
  /** The tabs in order. */
  values: readonly T[];
  labels: Record<T, string>;
  current: T;
  onSelect: (value: T) => void;
  /** The tab list's name for screen readers. */
  label: string;
  /** The id of each tab, which names the panel it shows. */
  tabId: (value: T) => string;
  /** The id of the one panel the tabs control. */
  panelId: string;
}

/** Filters as ARIA tabs over one panel: arrow keys move between them (the left arrow goes forward, right to left). */
export function Tabs<T extends string>({ values, labels, current, onSelect, label, tabId, panelId }: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const select = (value: T, focus = false) => {
    if (value !== current) onSelect(value);
    if (focus) buttons.current.get(value)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = values.indexOf(current);
    const count = values.length;
    const next = { ArrowLeft: index + 1, ArrowRight: index - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(values[(next + count) % count]!, true);
  };
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 rounded-xl border border-line bg-card p-1" onKeyDown={onKeyDown}>
      {values.map((value) => (
        <button
          key={value}
          ref={(element) => {
            if (element) buttons.current.set(value, element);
          }}
          type="button"
          role="tab"
          id={tabId(value)}
          aria-selected={value === current}
          aria-controls={panelId}
          tabIndex={value === current ? 0 : -1}
          onClick={() => select(value)}
          className="min-h-11 flex-1 rounded-lg px-3 font-bold text-muted hover:bg-page aria-selected:bg-brand/10 aria-selected:text-brand"
        >
          {labels[value]}
        </button>
      ))}
    </div>
  );
}
