import { Form, setErrors, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { $loginFailure, $loginForm, $loginLoading, cancelLogin, completeRegistration } from '../../stores/login.ts';
import { GenderChoice } from './GenderChoice.tsx';
import { RegisterFormSchema } from './login-schemas.ts';
import { FormAlert, PrimaryButton, SecondaryButton, TextField } from './ui.tsx';

const FIELDS = ['first_name', 'last_name', 'international_code'] as const;

/** Step 3, «تکمیل اطلاعات»: the new account's name, national code and gender. */
export function RegisterStep() {
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
        const fieldErrors = $loginFailure.get()?.fieldErrors ?? {};
        for (const field of FIELDS) {
          const messages = fieldErrors[field];
          if (messages?.length) setErrors(form, { path: [field], errors: [messages[0]!, ...messages.slice(1)] });
        }
      }}
    >
      <p className="text-muted">اولین بار است که با این شماره وارد می‌شوید؛ لطفاً این چند مورد را کامل کنید.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...firstName.props} value={firstName.input ?? ''} label="نام" autoComplete="given-name" errors={firstName.errors} disabled={loading} data-autofocus />
        <TextField {...lastName.props} value={lastName.input ?? ''} label="نام خانوادگی" autoComplete="family-name" errors={lastName.errors} disabled={loading} />
      </div>
      <TextField
        {...nationalCode.props}
        value={nationalCode.input ?? ''}
        label="کد ملی"
        inputMode="numeric"
        dir="ltr"
        errors={nationalCode.errors}
        disabled={loading}
      />
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
