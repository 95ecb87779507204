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

/** Spec §9: the year list starts at 1300; a birthday cannot be in the future. */
const MIN_DATE = new DateObject({ calendar: persian, locale: persian_fa, year: 1300, month: 1, day: 1 });

export interface JalaliDatePickerProps {
  id: string;
  /** 'YYYY-MM-DD', Gregorian, as the API keeps it; '' for none. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean | undefined;
  /** Opens the calendar as soon as it mounts (it is loaded when the patient asks for it). */
  openOnMount?: boolean;
}

/** A Jalali date picker (react-multi-date-picker) over a Gregorian 'YYYY-MM-DD' value. */
export default function JalaliDatePicker({ id, value, onChange, disabled, openOnMount }: JalaliDatePickerProps) {
  const picker = useRef<{ openCalendar?: () => void } | null>(null);
  useEffect(() => {
    if (openOnMount) picker.current?.openCalendar?.();
  }, [openOnMount]);
  const selected = value
    ? new DateObject({ date: value, format: 'YYYY-MM-DD', calendar: gregorian, locale: gregorian_en }).convert(persian, persian_fa)
    : null;
  return (
    <DatePicker
      ref={picker}
      id={id}
      name="birthday"
      value={selected}
      onChange={(date) => {
        const picked = Array.isArray(date) ? date[0] : date;
        onChange(picked ? new DateObject(picked).convert(gregorian, gregorian_en).format('YYYY-MM-DD') : '');
      }}
      calendar={persian}
      locale={persian_fa}
      format="YYYY/MM/DD"
      minDate={MIN_DATE}
      maxDate={new DateObject({ calendar: persian, locale: persian_fa })}
      disabled={disabled ?? false}
      calendarPosition="bottom-right"
      containerClassName="w-full"
      inputClass="min-h-12 w-full rounded-xl border border-line bg-page px-3 text-base outline-none focus:border-brand"
      placeholder="انتخاب تاریخ"
    />
  );
}
