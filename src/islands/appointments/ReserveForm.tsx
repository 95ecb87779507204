import { Form, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { type OtherPatient, OtherPatientSchema } from '#lib/api/contracts/appointments.ts';
import { cancelRule, cancelUntilOf } from '#lib/appointments/cancel-rule.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { $holding, hold } from '#stores/appointments-booking.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { PersonFields } from '../ui/PersonFields.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { WHOM, type Whom } from '../ui/whom.ts';
import { CancelRuleNote } from './CancelRuleNote.tsx';
import { whenText } from './when.ts';

/** The chosen time, its cancel rule, whom the appointment is for, and «reserve» (the hold). */
export function ReserveForm({ start, cancelFreeHours, holdMinutes }: { start: string; cancelFreeHours: number; holdMinutes: number }) {
  const holding = useStore($holding);
  const [whom, setWhom] = useState<Whom>('self');
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    schema: OtherPatientSchema,
    initialInput: { first_name: '', last_name: '', international_code: '' },
    validate: 'submit',
    revalidate: 'input',
  });
  const firstName = useField(form, { path: ['first_name'] });
  const lastName = useField(form, { path: ['last_name'] });
  const nationalCode = useField(form, { path: ['international_code'] });

  const reserve = async (patient: OtherPatient | undefined) => {
    setProblem(undefined);
    const failed = await hold(start, patient);
    if (failed) setProblem(showFormFailure(form, failed, ['first_name', 'last_name', 'international_code']));
  };
  const actions = (
    <>
      <FormAlert message={problem} />
      <PrimaryButton busy={holding} disabled={holding}>
        رزرو این نوبت
      </PrimaryButton>
      <p className="text-sm text-muted">با رزرو، این زمان {toPersianDigits(holdMinutes)} دقیقه برای شما نگه داشته می‌شود تا هزینه را بپردازید.</p>
    </>
  );

  return (
    <div className="flex flex-col gap-4 border-t border-line pt-4">
      <p>
        زمان انتخاب‌شده: <strong data-chosen-time>{whenText(start)}</strong>
      </p>
      <CancelRuleNote rule={cancelRule({ start, cancelUntil: cancelUntilOf(start, cancelFreeHours), now: new Date() })} />
      <ChoiceGroup name="booking-whom" legend="نوبت برای چه کسی است؟" options={WHOM} value={whom} onChange={setWhom} disabled={holding} />
      {whom === 'other' ? (
        // The other person's fields are checked by the contract's own schema before the call.
        <Form of={form} className="flex flex-col gap-4" onSubmit={(patient) => reserve(patient)}>
          <div className="grid gap-3 sm:grid-cols-3">
            <PersonFields firstName={firstName} lastName={lastName} nationalCode={nationalCode} disabled={holding} />
          </div>
          {actions}
        </Form>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void reserve(undefined);
          }}
        >
          {actions}
        </form>
      )}
    </div>
  );
}
