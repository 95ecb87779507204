import { Form, useField, useForm } from '@formisch/react';
import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { User } from '#lib/api/contracts/auth.ts';
import { UpdateProfileSchema as ProfileFormSchema } from '#lib/api/contracts/auth.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { BIRTHDAY_MIN } from '#lib/validation/index.ts';
import { saveProfile } from '#stores/profile.ts';
import { JalaliDateField } from '../dates/JalaliDateField.tsx';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { GenderChoice } from '../ui/GenderChoice.tsx';
import { PersonFields } from '../ui/PersonFields.tsx';
import { showFormFailure } from '../ui/server-errors.ts';

/** Spec §7: the toast after a successful `user/update`. */
export const PROFILE_SAVED = 'پروفایل شما با موفقیت ویرایش شد.';
const FIELDS = ['first_name', 'last_name', 'international_code', 'birthday', 'gender'] as const;

export function ProfileForm({ user }: { user: User }) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    schema: ProfileFormSchema,
    initialInput: {
      first_name: user.first_name,
      last_name: user.last_name,
      international_code: user.international_code,
      birthday: user.birthday ?? '',
      gender: user.gender,
    },
    validate: 'submit',
    revalidate: 'input',
  });
  const firstName = useField(form, { path: ['first_name'] });
  const lastName = useField(form, { path: ['last_name'] });
  const nationalCode = useField(form, { path: ['international_code'] });
  const birthday = useField(form, { path: ['birthday'] });
  const gender = useField(form, { path: ['gender'] });

  return (
    <Form
      of={form}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-5"
      onSubmit={async (output) => {
        setSaving(true);
        setProblem(undefined);
        try {
          await saveProfile(output);
          notify.success(PROFILE_SAVED);
        } catch (error) {
          setProblem(showFormFailure(form, error, FIELDS));
        } finally {
          setSaving(false);
        }
      }}
    >
      <p className="text-muted">
        شمارهٔ موبایل: <bdi dir="ltr">{toPersianDigits(user.phone_number)}</bdi>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields firstName={firstName} lastName={lastName} nationalCode={nationalCode} disabled={saving} />
        <JalaliDateField
          id="profile-birthday"
          label="تاریخ تولد"
          value={birthday.input ?? ''}
          onChange={birthday.onChange}
          min={BIRTHDAY_MIN}
          max={toTehranIsoDate(new Date())}
          openAtYearsAgo={30}
          disabled={saving}
          errors={birthday.errors}
        />
      </div>
      <GenderChoice value={gender.input ?? 'female'} onChange={gender.onChange} disabled={saving} errors={gender.errors} />
      <FormAlert message={problem} />
      <div>
        <PrimaryButton disabled={saving} busy={saving}>
          ذخیرهٔ تغییرات
        </PrimaryButton>
      </div>
    </Form>
  );
}
