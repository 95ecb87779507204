import { Form, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { PersonSchema as RegisterFormSchema } from '#lib/api/contracts/auth.ts';
import { $loginFailure, $loginForm, $loginLoading, $registering, cancelLogin, completeRegistration } from '#stores/login.ts';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { GenderChoice } from '../ui/GenderChoice.tsx';
import { PersonFields } from '../ui/PersonFields.tsx';
import { showServerFieldErrors } from '../ui/server-errors.ts';

const FIELDS = ['first_name', 'last_name', 'international_code'] as const;

const INTRO = {
  first: 'اولین بار است که با این شماره وارد می‌شوید؛ لطفاً این چند مورد را کامل کنید.',
  another: 'مشخصات فرد دیگری را وارد کنید که می‌خواهید با همین شماره برایش نوبت بگیرید، مثلاً فرزند یا همسرتان. او حساب جداگانهٔ خود را خواهد داشت.',
} as const;

/**
 * Step 3: the new account's name, national code and gender; «تکمیل اطلاعات» for a new phone,
 * «افزودن فرد دیگر» for another person under a phone that has an account already.
 */
export function RegisterStep() {
  const registering = useStore($registering);
  const loading = useStore($loginLoading);
  const failure = useStore($loginFailure);
  const draft = $loginForm.get();
  const form = useForm({
    schema: RegisterFormSchema,
    initialInput: { first_name: draft.first_name, last_name: draft.last_name, international_code: draft.international_code, gender: draft.gender },
    validate: 'submit',
    revalidate: 'input',
  });
  const firstName = useField(form, { path: ['first_name'] });
  const lastName = useField(form, { path: ['last_name'] });
  const nationalCode = useField(form, { path: ['international_code'] });
  const gender = useField(form, { path: ['gender'] });
  const serverFieldError = failure && FIELDS.some((field) => failure.fieldErrors[field]?.length);

  return (
    <Form
      of={form}
      className="flex flex-col gap-4"
      onSubmit={async (output) => {
        if (await completeRegistration(output)) return;
        showServerFieldErrors(form, $loginFailure.get()?.fieldErrors ?? {}, FIELDS);
      }}
    >
      <p className="text-muted">{INTRO[registering]}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonFields firstName={firstName} lastName={lastName} nationalCode={nationalCode} disabled={loading} focusFirst />
      </div>
      <GenderChoice value={gender.input ?? 'female'} onChange={gender.onChange} disabled={loading} errors={gender.errors} />
      <FormAlert message={failure && !serverFieldError ? failure.message : undefined} />
      <div className="grid grid-cols-2 gap-3">
        <SecondaryButton onClick={cancelLogin} disabled={loading}>
          انصراف
        </SecondaryButton>
        <PrimaryButton disabled={loading} busy={loading}>
          ذخیره
        </PrimaryButton>
      </div>
    </Form>
  );
}
