import { lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { formatJalaliDate } from '#lib/format/date.ts';

// The calendar is the heaviest script of a page: it loads when the patient reaches for the field.
export const loadPicker = () => import('./JalaliDatePicker.tsx');
export const JalaliDatePicker = lazy(loadPicker);

export const fieldClass = 'min-h-12 w-full rounded-xl border border-line bg-page px-3 text-start text-base outline-none focus:border-brand';

/**
 * The field itself: a button that shows the chosen day(s) and opens the calendar; read as «label,
 * value». The calendar's script starts loading as the pointer or the focus arrives.
 */
export function PickerButton({
  id,
  fieldRef,
  open,
  disabled,
  onOpen,
  shown,
}: {
  id: string;
  fieldRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  disabled?: boolean | undefined;
  onOpen: () => void;
  shown: string;
}) {
  return (
    <button
      ref={fieldRef}
      type="button"
      id={id}
      className={fieldClass}
      disabled={disabled}
      onClick={onOpen}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-labelledby={`${id}-label ${id}-value`}
    >
      <span id={`${id}-value`} suppressHydrationWarning>
        {shown}
      </span>
    </button>
  );
}

/** What the field shows with no date. */
export const NO_DATE = 'انتخاب تاریخ';

export interface JalaliDateFieldProps {
  id: string;
  label: string;
  /** 'YYYY-MM-DD' (Gregorian), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  errors?: readonly string[] | null;
  /** With no value, the calendar opens on the years around this many years ago (a birthday). */
  openAtYearsAgo?: number;
}

/**
 * A date field that shows the Jalali date; the Jalali calendar (the heavy part) loads when opened and
 * shows in a dialog, which gives the focus back to this field when it closes.
 *
 * The label and the shown date may be filled in before hydration by a page script (the pregnancy
 * calculator's remembered date): React keeps that text and puts its own in on the next render.
 */
export function JalaliDateField({ id, label, value, onChange, min, max, disabled, errors, openAtYearsAgo }: JalaliDateFieldProps) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLButtonElement>(null);
  const shown = value ? formatJalaliDate(`${value}T12:00:00Z`, 'short') : NO_DATE;
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-bold" suppressHydrationWarning>
        {label}
      </label>
      <PickerButton id={id} fieldRef={field} open={open} disabled={disabled} onOpen={() => setOpen(true)} shown={shown} />
      {open && (
        <Suspense fallback={null}>
          <JalaliDatePicker
            id={id}
            label={label}
            value={value}
            onChange={onChange}
            onClose={() => {
              setOpen(false);
              field.current?.focus();
            }}
            min={min}
            max={max}
            openAtYearsAgo={openAtYearsAgo}
          />
        </Suspense>
      )}
      {errors?.length ? <p className="text-sm text-danger">{errors.join('، ')}</p> : null}
    </div>
  );
}
