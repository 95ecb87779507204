import { Form, setInput, useField, useForm } from '@formisch/react';
import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { ClaimTestResultSchema, type ClaimTestResultBody } from '#lib/api/contracts/test-results.ts';
import { claimShownTestResult } from '#stores/test-results.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { FormTextField } from '../ui/TextField.tsx';

/** The body's fields, as the API names them in a 422's `errors`. */
const FIELDS = ['reception_code', 'international_code', 'code'];

/**
 * «جوابم را پیدا کنید»: a result the hospital filed under the patient's national code but another
 * mobile (a relative's phone at the lab desk) joins the account with the reception code on the
 * lab's receipt. Unless the account's phone is the mobile the lab filed, the server first sends a
 * code to that mobile (202): the form then says where it went and asks for it, keeping the two
 * codes. Any mismatch is one message from the server, shown above the button, as is the wait after
 * too many tries; a wrong code shows under its field.
 */
export function ClaimForm() {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** Where the code went (masked), once the server asked for one. */
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    schema: ClaimTestResultSchema,
    initialInput: { reception_code: '', international_code: '' },
    validate: 'submit',
    revalidate: 'input',
  });
  const receptionCode = useField(form, { path: ['reception_code'] });
  const nationalCode = useField(form, { path: ['international_code'] });
  const code = useField(form, { path: ['code'] });

  /**
   * Claims; a 202 shows where the code went and asks for it. Once asked, the button never claims
   * without the code (that would send another): the resend button does that on purpose.
   */
  const claim = async (body: ClaimTestResultBody, resend = false) => {
    if (sentTo && !resend && !body.code) {
      // An empty input (not a missing one) is what the schema calls required: it says so under the field.
      setInput(form, { path: ['code'], input: '' });
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      const answer = await claimShownTestResult(body);
      if ('needs_code' in answer) {
        setSentTo(answer.sent_to);
        setSending(false);
        return;
      }
      notify.success('جواب به جواب‌های شما افزوده شد.');
    } catch (error) {
      setProblem(showFormFailure(form, error, FIELDS));
      setSending(false);
    }
  };

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
        onSubmit={(body) => claim(body)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            field={receptionCode}
            label="کد پذیرش"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={sending}
            hint="روی برگهٔ پذیرش آزمایشگاه چاپ شده است."
          />
          <FormTextField
            field={nationalCode}
            label="کد ملی"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            disabled={sending}
            hint="کد ملی کسی که آزمایش داده است."
          />
        </div>
        <p aria-live="polite" className={sentTo ? 'text-sm leading-7' : 'sr-only'}>
          {sentTo ? (
            <>
              کد به <bdi dir="ltr">{toPersianDigits(sentTo)}</bdi> فرستاده شد (موبایلی که در پذیرش آزمایشگاه داده شد). کد را اینجا وارد کنید.
            </>
          ) : null}
        </p>
        {sentTo ? (
          <FormTextField
            field={code}
            label="کد پیامک‌شده"
            inputMode="numeric"
            dir="ltr"
            autoComplete="one-time-code"
            maxLength={5}
            disabled={sending}
            hint="کد ۵ رقمی پیامک"
          />
        ) : null}
        <FormAlert message={problem} />
        <div className="flex flex-wrap gap-3 sm:items-start">
          <PrimaryButton busy={sending} disabled={sending}>
            {sentTo ? 'افزودن جواب' : 'پیدا کردن جواب'}
          </PrimaryButton>
          {sentTo ? (
            <button
              type="button"
              className="min-h-12 rounded-xl px-3 text-sm font-bold text-brand underline disabled:opacity-60"
              disabled={sending}
              onClick={() => void claim({ reception_code: receptionCode.input ?? '', international_code: nationalCode.input ?? '' }, true)}
            >
              فرستادن دوبارهٔ کد
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
