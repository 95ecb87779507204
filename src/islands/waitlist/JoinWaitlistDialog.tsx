import { Form, getInput, setInput, useField, useForm } from '@formisch/react';
import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { JoinedWaitlist } from '#lib/api/contracts/waitlist.ts';
import { JoinWaitlistSchema } from '#lib/api/contracts/waitlist.ts';
import { addDays } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { joinedText, PART_OF_DAY_LABELS, positionText } from '#lib/waitlist/labels.ts';
import { PARTS_OF_DAY, WAITLIST_WINDOW_DAYS } from '#lib/waitlist/terms.ts';
import { joinWaitlist } from '#stores/waitlist.ts';
import { JalaliRangeField } from '../dates/JalaliRangeField.tsx';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { PersonFields } from '../ui/PersonFields.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { useWhom, WHOM } from '../ui/whom.ts';

/** The body's fields, as the API names them in a 422's `errors`. */
const FIELDS = ['from', 'to', 'part_of_day', 'for.first_name', 'for.last_name', 'for.international_code'];

export interface JoinDialogProps {
  target: { doctorId: string; doctorName: string };
  onClose: () => void;
  onJoined: (entry: JoinedWaitlist) => void;
}

/** Days offered at first: the next two weeks. */
const FIRST_RANGE_DAYS = 14;

function JoinForm({ target, onClose, onJoined }: JoinDialogProps) {
  const today = toTehranIsoDate(new Date());
  const lastDay = addDays(today, WAITLIST_WINDOW_DAYS);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();

  const form = useForm({
    schema: JoinWaitlistSchema,
    initialInput: { doctor_id: target.doctorId, from: today, to: addDays(today, FIRST_RANGE_DAYS - 1), part_of_day: 'any' },
    validate: 'submit',
    revalidate: 'input',
  });
  const from = useField(form, { path: ['from'] });
  const to = useField(form, { path: ['to'] });
  const partOfDay = useField(form, { path: ['part_of_day'] });
  const firstName = useField(form, { path: ['for', 'first_name'] });
  const lastName = useField(form, { path: ['for', 'last_name'] });
  const nationalCode = useField(form, { path: ['for', 'international_code'] });
  const [whom, chooseWhom] = useWhom({
    read: () => getInput(form, { path: ['for'] }),
    write: (input) => setInput(form, { path: ['for'], input }),
  });

  const rangeErrors = [...(from.errors ?? []), ...(to.errors ?? [])];

  return (
    <Form
      of={form}
      className="flex flex-col gap-5"
      onSubmit={async (body) => {
        setSending(true);
        setProblem(undefined);
        try {
          const joined = await joinWaitlist(body);
          notify.success(joinedText(joined.position));
          onJoined(joined);
        } catch (error) {
          setProblem(showFormFailure(form, error, FIELDS));
          setSending(false);
        }
      }}
    >
      <p className="text-sm leading-7 text-muted">
        اگر نوبتی از دکتر {target.doctorName} در این روزها آزاد شود، به ترتیب ثبت‌نام پیامک می‌گیرید و آن نوبت مدتی برای شما نگه داشته می‌شود. ورود به فهرست هزینه‌ای ندارد.
      </p>
      <JalaliRangeField
        id="waitlist-range"
        label="بازهٔ روزها"
        from={from.input ?? ''}
        to={to.input ?? ''}
        onChange={(range) => {
          from.onChange(range.from);
          to.onChange(range.to);
        }}
        min={today}
        max={lastDay}
        clearable={false}
        disabled={sending}
        errors={rangeErrors.length > 0 ? rangeErrors : null}
      />
      <p className="-mt-3 text-sm text-muted">از امروز تا {toPersianDigits(WAITLIST_WINDOW_DAYS)} روز آینده</p>
      <fieldset className="flex flex-col gap-1" disabled={sending}>
        <legend className="mb-1 text-sm font-bold">بخش روز</legend>
        <div className="grid grid-cols-3 gap-2">
          {PARTS_OF_DAY.map((part) => (
            <label
              key={part}
              className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-2 text-center font-bold has-checked:border-brand has-checked:bg-brand/10 has-checked:text-brand has-focus-visible:outline-3 has-focus-visible:outline-brand has-disabled:opacity-60"
            >
              <input {...partOfDay.props} type="radio" value={part} checked={partOfDay.input === part} className="sr-only" />
              {PART_OF_DAY_LABELS[part]}
            </label>
          ))}
        </div>
        {partOfDay.errors && <p className="text-sm text-danger">{partOfDay.errors.join('، ')}</p>}
      </fieldset>
      <ChoiceGroup name="waitlist-whom" legend="نوبت برای چه کسی است؟" options={WHOM} value={whom} onChange={chooseWhom} disabled={sending} />
      {whom === 'other' && (
        <div className="grid gap-3">
          <PersonFields firstName={firstName} lastName={lastName} nationalCode={nationalCode} disabled={sending} />
        </div>
      )}
      <FormAlert message={problem} />
      <div className="flex flex-wrap gap-3">
        <PrimaryButton busy={sending} disabled={sending}>
          ورود به فهرست انتظار
        </PrimaryButton>
        <SecondaryButton disabled={sending} onClick={onClose}>
          انصراف
        </SecondaryButton>
      </div>
    </Form>
  );
}

/**
 * The join form in a sheet (decision 007): the days, the part of the day and whom the visit is for.
 * Loaded on demand with the waitlist's store; the booking page's button passes what to do after.
 */
export default function JoinWaitlistDialog(props: JoinDialogProps) {
  return (
    <Sheet open title={`فهرست انتظار دکتر ${props.target.doctorName}`} onDismiss={props.onClose}>
      <JoinForm {...props} />
    </Sheet>
  );
}

/** Beside the slots once joined: the place in line and the way to the patient's list. */
export function JoinedNote({ entry }: { entry: JoinedWaitlist }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-xl border border-brand/40 bg-brand/10 p-4" data-waitlist-joined={entry.key}>
      <p className="font-bold">شما در فهرست انتظار این پزشک هستید: {positionText(entry.position)}</p>
      <p className="text-sm">اگر نوبتی آزاد شود، پیامک می‌گیرید.</p>
      <a
        href={`/patient-profile/services?waitlist=${encodeURIComponent(entry.key)}`}
        className="inline-flex min-h-11 items-center self-start font-bold text-brand underline underline-offset-4"
      >
        فهرست انتظار من
      </a>
    </div>
  );
}
