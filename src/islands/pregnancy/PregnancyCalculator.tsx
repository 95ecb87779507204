import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { addDays, MAX_PREGNANCY_DAYS, PREGNANCY_DAYS, pregnancyDateProblems, pregnancyStatus, type DateBasis } from '../../lib/pregnancy/calculator.ts';
import { toTehranIsoDate } from '../../lib/format/date.ts';
import { $pregnancyDate, forgetPregnancyDate, rememberPregnancyDate } from '../../stores/pregnancy.ts';
import { JalaliDateField } from '../dates/JalaliDateField.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';

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
  const today = toTehranIsoDate(new Date());
  const range = basis === 'lmp' ? { min: addDays(today, -MAX_PREGNANCY_DAYS), max: today } : { min: addDays(today, PREGNANCY_DAYS - MAX_PREGNANCY_DAYS), max: addDays(today, PREGNANCY_DAYS) };
  const value = saved?.basis === basis ? saved.date : '';

  return (
    <div className="flex flex-col gap-4">
      <ChoiceGroup
        name="pregnancy-basis"
        legend="محاسبه بر اساس"
        options={BASES}
        value={basis}
        onChange={(next) => {
          setBasis(next);
          setProblem(undefined);
        }}
      />
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
