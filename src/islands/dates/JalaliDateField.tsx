import { lazy, Suspense, useState } from 'react';
import { formatJalaliDate } from '../../lib/format/date.ts';

// The calendar is the heaviest script of a page: it loads when the patient opens the field.
const JalaliDatePicker = lazy(() => import('./JalaliDatePicker.tsx'));

const fieldClass = 'min-h-12 w-full rounded-xl border border-line bg-page px-3 text-start text-base outline-none focus:border-brand';

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
}

/** A date field that shows the Jalali date; the Jalali calendar (the heavy part) loads when opened. */
export function JalaliDateField({ id, label, value, onChange, min, max, disabled, errors }: JalaliDateFieldProps) {
  const [active, setActive] = useState(false);
  const shown = value ? formatJalaliDate(`${value}T12:00:00Z`, 'short') : 'انتخاب تاریخ';
  const placeholder = (
    <button
      type="button"
      id={id}
      className={fieldClass}
      disabled={disabled}
      onClick={() => setActive(true)}
      aria-haspopup="dialog"
      // Read as «تاریخ تولد، ۱۴۰۵/۰۸/۱۵»: the label and the current value.
      aria-labelledby={`${id}-label ${id}-value`}
    >
      <span id={`${id}-value`}>{shown}</span>
    </button>
  );
  return (
    <div className="flex flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {active ? (
        <Suspense fallback={placeholder}>
          <JalaliDatePicker id={id} value={value} onChange={onChange} disabled={disabled} min={min} max={max} openOnMount />
        </Suspense>
      ) : (
        placeholder
      )}
      {errors?.length ? <p className="text-sm text-danger">{errors.join('، ')}</p> : null}
    </div>
  );
}
