import { Form, useField, useForm } from '@formisch/react';
import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import { ClaimTestResultSchema } from '#lib/api/contracts/test-results.ts';
import { claimShownTestResult } from '#stores/test-results.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { TextField } from '../ui/TextField.tsx';

/** The body's fields, as the API names them in a 422's `errors`. */
const FIELDS = ['reception_code', 'international_code'];

/**
 * «جوابم را پیدا کنید»: a result the hospital filed under the patient's national code but another
 * mobile (a relative's phone at the lab desk) joins the account with the reception code on the
 * lab's receipt. Any mismatch is one message from the server, shown above the button, as is the
 * wait after too many tries.
 */
export function ClaimForm() {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    schema: ClaimTestResultSchema,
    initialInput: { reception_code: '', international_code: '' },
    validate: 'submit',
    revalidate: 'input',
  });
  const receptionCode = useField(form, { path: ['reception_code'] });
  const nationalCode = useField(form, { path: ['international_code'] });

  return (
    <section aria-labelledby="claim-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-5" data-claim>
      <div className="flex flex-col gap-1">
        <h2 id="claim-title" className="text-lg font-bold">
          جوابم را پیدا کنید
        </h2>
        <p className="text-sm leading-7 text-muted">
          جوابی را اینجا نمی‌بینید؟ اگر در پذیرش آزمایشگاه شمارهٔ موبایل دیگری (مثلاً شمارهٔ یکی از نزدیکانتان) داده‌اید، با کد پذیرش و کد ملی خودتان جواب را به حسابتان بیفزایید.
        </p>
      </div>
      <Form
        of={form}
        className="flex flex-col gap-4"
        onSubmit={async (body) => {
          setSending(true);
          setProblem(undefined);
          try {
            await claimShownTestResult(body);
            notify.success('جواب به جواب‌های شما افزوده شد.');
          } catch (error) {
            setProblem(showFormFailure(form, error, FIELDS));
            setSending(false);
          }
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...receptionCode.props}
            value={receptionCode.input ?? ''}
            label="کد پذیرش"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            errors={receptionCode.errors}
            disabled={sending}
            hint="روی برگهٔ پذیرش آزمایشگاه چاپ شده است."
          />
          <TextField
            {...nationalCode.props}
            value={nationalCode.input ?? ''}
            label="کد ملی"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            errors={nationalCode.errors}
            disabled={sending}
            hint="کد ملی کسی که آزمایش داده است."
          />
        </div>
        <FormAlert message={problem} />
        <div className="flex flex-col sm:items-start">
          <PrimaryButton busy={sending} disabled={sending}>
            پیدا کردن جواب
          </PrimaryButton>
        </div>
      </Form>
    </section>
  );
}
