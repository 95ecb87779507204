import { Suspense, useRef, useState } from 'react';
import { formatJalaliDate } from '#lib/format/date.ts';
import { JalaliDatePicker, NO_DATE, PickerButton } from './JalaliDateField.tsx';

/** What the field shows with no range. */
export const ANY_DAY = 'همهٔ روزها';

const day = (iso: string) => formatJalaliDate(`${iso}T12:00:00Z`, 'short');

/**
 * A range of days (a filter): the button shows «از ۱۴۰۵/۰۱/۰۱ تا ۱۴۰۵/۰۱/۳۱»; the Jalali calendar
 * opens in range mode (first day, then last day) in the same dialog as JalaliDateField's.
 */
export function JalaliRangeField({
  id,
  label,
  from,
  to,
  onChange,
  min,
  max,
  disabled,
  clearable = true,
  errors,
}: {
  id: string;
  label: string;
  /** 'YYYY-MM-DD' (Gregorian) or '' for none. */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  /** A filter offers «همهٔ روزها» to clear the range; a form that needs a range does not. */
  clearable?: boolean;
  errors?: readonly string[] | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLButtonElement>(null);
  const shown = from && to ? (from === to ? day(from) : `از ${day(from)} تا ${day(to)}`) : clearable ? ANY_DAY : NO_DATE;
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <div className="flex gap-2">
        <PickerButton id={id} fieldRef={field} open={open} disabled={disabled} onOpen={() => setOpen(true)} shown={shown} />
        {clearable && from && to && (
          <button
            type="button"
            className="min-h-12 shrink-0 rounded-xl border border-line px-3 text-sm font-bold hover:bg-page"
            onClick={() => {
              onChange({ from: '', to: '' });
              field.current?.focus();
            }}
            disabled={disabled}
          >
            همهٔ روزها
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <JalaliDatePicker
            id={id}
            label={`${label}: روز اول، سپس روز آخر`}
            range
            value={[from, to]}
            onChange={([first, last]) => onChange({ from: first, to: last })}
            onClose={() => {
              setOpen(false);
              field.current?.focus();
            }}
            min={min}
            max={max}
          />
        </Suspense>
      )}
      {errors?.length ? <p className="text-sm text-danger">{errors.join('، ')}</p> : null}
    </div>
  );
}
