import { RadioGroup, Radio, Field, Label } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { addDays, MAX_PREGNANCY_DAYS, PREGNANCY_DAYS, pregnancyDateProblems, pregnancyStatus, type DateBasis } from '../../lib/pregnancy/calculator.ts';
import { todayInTehran } from '../../lib/pregnancy/today.ts';
import { $pregnancyDate, forgetPregnancyDate, rememberPregnancyDate } from '../../stores/pregnancy.ts';
import { JalaliDateField } from '../dates/JalaliDateField.tsx';

const BASES: { value: DateBasis; label: string }[] = [
  { value: 'lmp', label: 'اولین روز آخرین قاعدگی' },
  { value: 'due', label: 'تاریخ احتمالی زایمان' },
];

/**
 * The calculator's form (hydrated when used): the mother picks the first day of her last period or
 * her due date on a Jalali calendar; the result panel beside it (src/shell/pregnancy-summary.ts)
 * shows the week, the due date and the days to go, and remembers them on this device.
 */
export function PregnancyCalculator() {
  const saved = useStore($pregnancyDate);
  const [basis, setBasis] = useState<DateBasis>(saved?.basis ?? 'lmp');
  const [problem, setProblem] = useState<string>();
  const today = todayInTehran();
  const range = basis === 'lmp' ? { min: addDays(today, -MAX_PREGNANCY_DAYS), max: today } : { min: addDays(today, PREGNANCY_DAYS - MAX_PREGNANCY_DAYS), max: addDays(today, PREGNANCY_DAYS) };
  const value = saved?.basis === basis ? saved.date : '';

  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        value={basis}
        onChange={(next: DateBasis) => {
          setBasis(next);
          setProblem(undefined);
        }}
        aria-label="محاسبه بر اساس"
        className="grid gap-2 sm:grid-cols-2"
      >
        {BASES.map((option) => (
          <Field key={option.value}>
            <Radio
              value={option.value}
              className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-center font-bold data-checked:border-brand data-checked:bg-brand/10 data-checked:text-brand data-focus:outline-3 data-focus:outline-brand"
            >
              <Label className="cursor-pointer">{option.label}</Label>
            </Radio>
          </Field>
        ))}
      </RadioGroup>
      <JalaliDateField
        id="pregnancy-date"
        label={basis === 'lmp' ? 'اولین روز آخرین قاعدگی' : 'تاریخ احتمالی زایمان'}
        value={value}
        min={range.min}
        max={range.max}
        onChange={(date) => {
          if (!date) return;
          const result = pregnancyStatus(basis, date, today);
          if (result.ok) {
            setProblem(undefined);
            rememberPregnancyDate(basis, date);
          } else {
            setProblem(pregnancyDateProblems[result.reason]);
          }
        }}
        errors={problem ? [problem] : null}
      />
      {saved && (
        <button type="button" onClick={forgetPregnancyDate} className="self-start text-sm font-bold text-brand underline underline-offset-4">
          پاک کردن تاریخ از این دستگاه
        </button>
      )}
    </div>
  );
}
