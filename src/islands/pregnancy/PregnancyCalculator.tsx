import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $pregnancyDate, forgetPregnancyDate, rememberPregnancyDate } from '#client/state/pregnancy.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { BASIS_LABELS, PREGNANCY_BASIS_NAME, PREGNANCY_DATE_FIELD } from '#lib/pregnancy/basis.ts';
import { addDays, type DateBasis, MAX_PREGNANCY_DAYS, PREGNANCY_DAYS, pregnancyDateProblems, pregnancyStatus } from '#lib/pregnancy/calculator.ts';
import { JalaliDateField } from '../dates/JalaliDateField.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';

const BASES = (['lmp', 'due'] as const).map((value) => ({ value, label: BASIS_LABELS[value] }));

/**
 * The calculator's form (hydrated when used): the mother picks the first day of her last period or
 * her due date on a Jalali calendar; the result panel beside it (src/client/shell/pregnancy-summary.ts)
 * shows the week, the due date and the days to go, and remembers them on this device.
 *
 * The page is prerendered without the remembered date (it lives in this browser's localStorage), so
 * hydration renders without it too and the next render brings it in: the markup React hydrates is
 * the server's (no error #418, and the press that woke the island is not lost on a re-created DOM).
 * Until then src/client/shell/pregnancy-summary.ts shows the remembered date in the field.
 */
export function PregnancyCalculator() {
  const saved = useStore($pregnancyDate, { ssr: () => undefined });
  const [chosenBasis, setBasis] = useState<DateBasis>();
  const basis = chosenBasis ?? saved?.basis ?? 'lmp';
  const [problem, setProblem] = useState<string>();
  const today = toTehranIsoDate(new Date());
  const range =
    basis === 'lmp' ? { min: addDays(today, -MAX_PREGNANCY_DAYS), max: today } : { min: addDays(today, PREGNANCY_DAYS - MAX_PREGNANCY_DAYS), max: addDays(today, PREGNANCY_DAYS) };
  const value = saved?.basis === basis ? saved.date : '';

  return (
    <div className="flex flex-col gap-4">
      <ChoiceGroup
        name={PREGNANCY_BASIS_NAME}
        legend="محاسبه بر اساس"
        options={BASES}
        value={basis}
        onChange={(next) => {
          setBasis(next);
          setProblem(undefined);
        }}
      />
      <JalaliDateField
        id={PREGNANCY_DATE_FIELD}
        label={BASIS_LABELS[basis]}
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
        <button
          type="button"
          onClick={() => {
            setBasis(basis);
            forgetPregnancyDate();
          }}
          className="self-start text-sm font-bold text-brand underline underline-offset-4"
        >
          پاک کردن تاریخ از این دستگاه
        </button>
      )}
    </div>
  );
}
