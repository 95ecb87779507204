import { useEffect, useRef } from 'react';
import DatePickerModule from 'react-multi-date-picker';
import DateObject from 'react-date-object';
import gregorian from 'react-date-object/calendars/gregorian';
import persian from 'react-date-object/calendars/persian';
import gregorian_en from 'react-date-object/locales/gregorian_en';
import persian_fa from 'react-date-object/locales/persian_fa';

// react-multi-date-picker is CommonJS: depending on the bundler's interop its default import is
// the component or a namespace holding it.
const DatePicker = ((DatePickerModule as unknown as { default?: typeof DatePickerModule }).default ?? DatePickerModule) as typeof DatePickerModule;

/** Spec §9: the year list starts at 1300 and spans 150 years. */
const FIRST_YEAR = 1300;
const YEARS = 150;

const toPersian = (iso: string) =>
  new DateObject({ date: iso, format: 'YYYY-MM-DD', calendar: gregorian, locale: gregorian_en }).convert(persian, persian_fa);

export interface JalaliDatePickerProps {
  id: string;
  /** 'YYYY-MM-DD', Gregorian, as the API keeps it; '' for none. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  /** Earliest and latest selectable days, 'YYYY-MM-DD'; within 1300–1449 (Jalali) in any case. */
  min?: string | undefined;
  max?: string | undefined;
  /** Opens the calendar as soon as it mounts (it is loaded when the patient asks for it). */
  openOnMount?: boolean;
}

/** A Jalali date picker (react-multi-date-picker) over a Gregorian 'YYYY-MM-DD' value; loaded on demand by JalaliDateField. */
export default function JalaliDatePicker({ id, value, onChange, disabled, min, max, openOnMount }: JalaliDatePickerProps) {
  const picker = useRef<{ openCalendar?: () => void } | null>(null);
  useEffect(() => {
    if (openOnMount) picker.current?.openCalendar?.();
  }, [openOnMount]);
  const selected = value ? toPersian(value) : null;
  const minDate = min ? toPersian(min) : new DateObject({ calendar: persian, locale: persian_fa, year: FIRST_YEAR, month: 1, day: 1 });
  const maxDate = max ? toPersian(max) : new DateObject({ calendar: persian, locale: persian_fa, year: FIRST_YEAR + YEARS - 1, month: 12, day: 29 });
  return (
    <DatePicker
      ref={picker}
      id={id}
      value={selected}
      onChange={(date) => {
        const picked = Array.isArray(date) ? date[0] : date;
        onChange(picked ? new DateObject(picked).convert(gregorian, gregorian_en).format('YYYY-MM-DD') : '');
      }}
      calendar={persian}
      locale={persian_fa}
      format="YYYY/MM/DD"
      minDate={minDate}
      maxDate={maxDate}
      disabled={disabled ?? false}
      calendarPosition="bottom-right"
      containerClassName="w-full"
      inputClass="min-h-12 w-full rounded-xl border border-line bg-page px-3 text-base outline-none focus:border-brand"
      placeholder="انتخاب تاریخ"
    />
  );
}
