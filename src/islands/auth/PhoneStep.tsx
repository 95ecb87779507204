import { Form, setErrors, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { SendCodeSchema as PhoneFormSchema } from '#lib/api/contracts/auth.ts';
import { $loginFailure, $loginForm, $loginLoading, requestCode } from '#stores/login.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { FormTextField } from '../ui/TextField.tsx';

/** Step 1, «ورود یا ثبت‌نام»: the phone number. */
export function PhoneStep() {
  const loading = useStore($loginLoading);
  const failure = useStore($loginFailure);
  const form = useForm({
    schema: PhoneFormSchema,
    initialInput: { phone_number: $loginForm.get().phone_number },
    validate: 'submit',
    revalidate: 'input',
  });
  const phone = useField(form, { path: ['phone_number'] });

  return (
    <Form
      of={form}
      className="flex flex-col gap-4"
      onSubmit={async (output) => {
        const sent = await requestCode(output.phone_number);
        const fieldErrors = $loginFailure.get()?.fieldErrors.phone_number;
        if (!sent && fieldErrors?.length) setErrors(form, { path: ['phone_number'], errors: [fieldErrors[0]!, ...fieldErrors.slice(1)] });
      }}
    >
      <p className="text-muted">برای ورود یا ساختن حساب، شمارهٔ موبایل خود را وارد کنید.</p>
      <FormTextField
        field={phone}
        label="شمارهٔ موبایل"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        placeholder="۰۹۱۲ ۳۴۵ ۶۷۸۹"
        className="min-h-12 rounded-xl border border-line bg-page px-3 text-start text-lg tracking-wide outline-none focus:border-brand aria-invalid:border-danger"
        disabled={loading}
        // The sheet (ui/Sheet.tsx) gives its first focus to the element marked data-autofocus.
        data-autofocus
      />
      <FormAlert message={failure && !failure.fieldErrors.phone_number ? failure.message : undefined} />
      <PrimaryButton disabled={loading} busy={loading}>
        ارسال کد تأیید
      </PrimaryButton>
    </Form>
  );
}
