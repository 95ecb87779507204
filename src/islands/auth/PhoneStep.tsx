import { useStore } from '@nanostores/react';
import { type FormEvent, useRef, useState } from 'react';
import { $loginFailure, $loginForm, $loginLoading, requestCode } from '#stores/login.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { TextField } from '../ui/TextField.tsx';
import { loadCodeStep } from './login-steps.ts';

type PhoneRules = typeof import('./phone-rules.ts');
const loadRules = () => import('./phone-rules.ts');

/**
 * Step 1, «ورود یا ثبت‌نام»: the phone number. A plain field rather than a form library: this step
 * opens by itself on every account page, so it carries no more than it draws. The number is checked
 * on sending (with the API's schema, loaded then), and again on every keystroke once a check failed.
 */
export function PhoneStep() {
  const loading = useStore($loginLoading);
  const failure = useStore($loginFailure);
  const [phone, setPhone] = useState(() => $loginForm.get().phone_number);
  const [errors, setErrors] = useState<readonly string[] | null>(null);
  const rules = useRef<PhoneRules>(undefined);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    void loadCodeStep();
    rules.current ??= await loadRules();
    const checked = rules.current.checkPhone(phone);
    setErrors(checked.errors ?? null);
    if (checked.errors) {
      field.current?.focus();
      return;
    }
    const sent = await requestCode(checked.phone);
    const fieldErrors = $loginFailure.get()?.fieldErrors.phone_number;
    if (!sent && fieldErrors?.length) setErrors(fieldErrors);
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <p className="text-muted">برای ورود یا ساختن حساب، شمارهٔ موبایل خود را وارد کنید.</p>
      <TextField
        ref={field}
        name="phone_number"
        label="شمارهٔ موبایل"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        placeholder="۰۹۱۲ ۳۴۵ ۶۷۸۹"
        className="min-h-12 rounded-xl border border-line bg-page px-3 text-start text-lg tracking-wide outline-none focus:border-brand aria-invalid:border-danger"
        disabled={loading}
        value={phone}
        errors={errors}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setPhone(value);
          // After a failed check, the message follows what is typed (as the other forms revalidate on input).
          if (errors && rules.current) setErrors(rules.current.checkPhone(value).errors ?? null);
        }}
        // The sheet (ui/Sheet.tsx) gives its first focus to the element marked data-autofocus.
        data-autofocus
      />
      <FormAlert message={failure && !failure.fieldErrors.phone_number ? failure.message : undefined} />
      <PrimaryButton disabled={loading} busy={loading}>
        ارسال کد تأیید
      </PrimaryButton>
    </form>
  );
}
