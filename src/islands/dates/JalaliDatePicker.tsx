import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import DateObject from 'react-date-object';
import gregorian from 'react-date-object/calendars/gregorian';
import persian from 'react-date-object/calendars/persian';
import gregorian_en from 'react-date-object/locales/gregorian_en';
import persian_fa from 'react-date-object/locales/persian_fa';
import { Calendar } from 'react-multi-date-picker';

/** Spec §9: the year list starts at 1300 and spans 150 years. */
const FIRST_YEAR = 1300;
const YEARS = 150;

/** The usual one-letter Persian weekday names, Saturday first (the locale's own are cut words). */
const WEEK_DAYS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'];

const toIso = (date: DateObject) => new DateObject(date).convert(gregorian, gregorian_en).format('YYYY-MM-DD');

const toPersian = (iso: string) => new DateObject({ date: iso, format: 'YYYY-MM-DD', calendar: gregorian, locale: gregorian_en }).convert(persian, persian_fa);

interface PickerFrame {
  /** The field's id and name: the dialog is titled with the name. */
  id: string;
  label: string;
  /** Called once the dialog has closed (a day picked, Escape, the close button or a tap outside). */
  onClose: () => void;
  /** Earliest and latest selectable days, 'YYYY-MM-DD'; within 1300–1449 (Jalali) in any case. */
  min?: string | undefined;
  max?: string | undefined;
  /** With no value, open on the list of years around this many years ago (a birthday), not on this month. */
  openAtYearsAgo?: number | undefined;
}

/** One day: 'YYYY-MM-DD', Gregorian, as the API keeps it; '' for none. */
interface OneDay {
  range?: false;
  value: string;
  onChange: (value: string) => void;
}

/** A range of days (first and last, both inclusive); the dialog closes once both are picked. */
interface DayRange {
  range: true;
  /** ['', ''] for none. */
  value: readonly [string, string];
  onChange: (value: [string, string]) => void;
}

export type JalaliDatePickerProps = PickerFrame & (OneDay | DayRange);

/** The part of the calendar's internal state a plugin may switch (react-multi-date-picker's plugin API). */
interface CalendarState {
  mustShowYearPicker?: boolean;
  mustShowMonthPicker?: boolean;
}
interface PluginProps {
  position?: string;
  state?: CalendarState;
  setState?: (state: CalendarState) => void;
}

/**
 * A calendar plugin that steers the views: the year list first when asked, and the month list right
 * after a year is picked (year → month → day, as a birthday is chosen).
 */
function ViewSteering({ state, setState, startOnYears, yearPicked }: PluginProps & { startOnYears: boolean; yearPicked: RefObject<boolean> }) {
  const started = useRef(false);
  useEffect(() => {
    if (!state || !setState) return;
    if (startOnYears && !started.current) {
      started.current = true;
      setState({ ...state, mustShowYearPicker: true });
    } else if (yearPicked.current && !state.mustShowYearPicker) {
      yearPicked.current = false;
      setState({ ...state, mustShowMonthPicker: true });
    }
  }, [state, setState, startOnYears, yearPicked]);
  return null;
}

/**
 * The Jalali calendar (react-multi-date-picker's Calendar, persian_fa) in a modal <dialog>: a
 * bottom sheet on phones, a centred box on wider screens. The platform gives Escape, the focus kept
 * inside and the page behind made inert; closing returns the focus to the field (JalaliDateField).
 * Loaded on demand: it is the heaviest script of the pages that use it.
 */
export default function JalaliDatePicker(props: JalaliDatePickerProps) {
  const { id, label, onClose, min, max, openAtYearsAgo } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const yearPicked = useRef(false);

  // Open before the calendar's own effects run, so its focus lands inside the open dialog.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();
  const selected = props.range ? null : props.value ? toPersian(props.value) : null;
  const selectedRange = props.range ? props.value.filter(Boolean).map(toPersian) : null;
  const startOnYears = !props.range && !selected && openAtYearsAgo !== undefined;
  const today = new DateObject({ calendar: persian, locale: persian_fa });
  const minDate = min ? toPersian(min) : new DateObject({ calendar: persian, locale: persian_fa, year: FIRST_YEAR, month: 1, day: 1 });
  const maxDate = max ? toPersian(max) : new DateObject({ calendar: persian, locale: persian_fa, year: FIRST_YEAR + YEARS - 1, month: 12, day: 29 });

  const firstDay = minDate.toJulianDay();
  const lastDay = maxDate.toJulianDay();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a <dialog> natively; this click is the backdrop's
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="jalali-picker fixed inset-x-0 top-auto bottom-0 m-0 max-h-[95dvh] w-full max-w-none overflow-y-auto rounded-t-3xl bg-card p-0 text-ink shadow-xl backdrop:bg-black/40 min-[769px]:inset-0 min-[769px]:m-auto min-[769px]:h-fit min-[769px]:w-fit min-[769px]:rounded-3xl"
      // A tap on the backdrop reaches the <dialog> itself; everything inside sits in the <div>.
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <div className="flex flex-col items-center gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <div className="flex w-full items-center gap-3">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {label}
          </h2>
          <button type="button" onClick={close} className="ms-auto inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-page" aria-label="بستن تقویم">
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <Calendar
          className="jalali-calendar"
          // Not a second dialog inside ours (the calendar's own default role; untyped but read).
          {...({ role: 'group' } as object)}
          shadow={false}
          value={selectedRange ?? selected}
          range={props.range}
          currentDate={selected || selectedRange?.length || openAtYearsAgo === undefined ? undefined : today.subtract(openAtYearsAgo, 'years')}
          onChange={(date) => {
            const days = (Array.isArray(date) ? date : [date]).filter((day): day is DateObject => Boolean(day)).map(toIso);
            if (!props.range) {
              props.onChange(days[0] ?? '');
              close();
            } else if (days.length === 2) {
              props.onChange([days[0]!, days[1]!]);
              close();
            }
          }}
          onYearChange={() => {
            yearPicked.current = true;
          }}
          calendar={persian}
          locale={persian_fa}
          weekDays={WEEK_DAYS}
          // "آذر ۱۴۰۵": a space, not the right-to-left default "آذر ،۱۴۰۵".
          monthYearSeparator=" "
          minDate={minDate}
          maxDate={maxDate}
          // The neighbouring months' days fill the grid (greyed, still pickable): no empty cells that
          // the library would still label.
          showOtherDays
          // Days out of range are inactive, and say so (they are drawn faint on purpose).
          mapDays={({ date }) => {
            const day = date.toJulianDay();
            return day < firstDay || day > lastDay ? { 'aria-disabled': true } : {};
          }}
          renderButton={(direction: 'left' | 'right', handleClick: () => void, disabled: boolean) => (
            <button
              type="button"
              onClick={handleClick}
              disabled={disabled}
              // In a right-to-left calendar "left" is back (drawn at the start) and "right" is forward.
              aria-label={direction === 'left' ? 'قبلی' : 'بعدی'}
              className={`rmdp-arrow-container rmdp-${direction} ${disabled ? 'disabled' : ''}`}
            >
              <i className="rmdp-arrow" />
            </button>
          )}
          plugins={[<ViewSteering key="views" position="bottom" startOnYears={startOnYears} yearPicked={yearPicked} />]}
        />
      </div>
    </dialog>
  );
}
