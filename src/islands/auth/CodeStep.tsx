import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $loginCode } from '#client/state/login-code.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { normalizeDigits } from '#lib/validation/index.ts';
import { $loginFailure, $loginForm, $loginLoading, editNumber, resendCode, verifyCode } from '#stores/login.ts';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { readSmsCode } from './web-otp.ts';

const CODE_LENGTH = 5;
/** Spec §4, §9: focus 50 ms after opening; SMS digits appear 150 ms apart; submit 300 ms after the last. */
const FOCUS_DELAY_MS = 50;
const AUTOFILL_DIGIT_MS = 150;
const AUTOFILL_SUBMIT_MS = 300;

function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const INTRO = {
  login: 'کد ۵ رقمی پیامک‌شده به',
  'add-person': 'برای افزودن فرد دیگر به این شماره، کد ۵ رقمی پیامک‌شده به',
  'switch-person': 'برای رفتن به حساب فرد دیگری از این شماره، کد ۵ رقمی پیامک‌شده به',
} as const;

/** Why a logged-in patient is asked for a code at all (decision 020: the session proved the phone until now). */
const SESSION_ENDED = 'ورود شما در این دستگاه به پایان رسیده است؛ برای ادامه، شماره را دوباره با کد پیامکی تأیید کنید.';

/** Step 2: the 5-digit code sent by SMS (for logging in, or for adding or switching to another person). */
export function CodeStep() {
  const form = useStore($loginForm);
  const pending = useStore($loginCode);
  const phone_number = pending?.phone ?? form.phone_number;
  const purpose = pending?.purpose ?? 'login';
  const loading = useStore($loginLoading);
  const failure = useStore($loginFailure);
  const resendIn = useSecondsUntil(pending?.resendAt ?? 0);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const submit = (value: string) => {
    if (value.length === CODE_LENGTH) void verifyCode(value);
  };

  const change = (raw: string) => {
    const digits = normalizeDigits(raw).replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    if (digits.length === CODE_LENGTH && !$loginLoading.get()) submit(digits);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step: the SMS is read and submitted once, with the submit of the first render
  useEffect(() => {
    const focus = setTimeout(() => input.current?.focus(), FOCUS_DELAY_MS);
    const reading = new AbortController();
    const timers: ReturnType<typeof setTimeout>[] = [];
    void readSmsCode(reading.signal).then((sms) => {
      const digits = sms ? normalizeDigits(sms) : '';
      if (!/^\d{5}$/.test(digits) || reading.signal.aborted) return;
      digits.split('').forEach((_, index) => {
        timers.push(setTimeout(() => setCode(digits.slice(0, index + 1)), AUTOFILL_DIGIT_MS * (index + 1)));
      });
      timers.push(setTimeout(() => submit(digits), AUTOFILL_DIGIT_MS * CODE_LENGTH + AUTOFILL_SUBMIT_MS));
    });
    return () => {
      clearTimeout(focus);
      timers.forEach(clearTimeout);
      // Closing the step stops listening for the SMS (spec §4).
      reading.abort();
    };
  }, []);

  const codeError = failure?.fieldErrors.code?.[0];
  // No code has gone out for this step yet (being sent, or refused for the wait between codes): say so, never «sent».
  const unsent = pending !== undefined && pending.sentAt === 0;
  const phone = (
    <bdi dir="ltr" className="font-bold text-ink">
      {toPersianDigits(phone_number)}
    </bdi>
  );
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      {pending?.sessionEnded && <p className="rounded-xl bg-page px-3 py-2 text-sm">{SESSION_ENDED}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-muted" role={unsent ? 'status' : undefined}>
          {!unsent ? (
            <>
              {INTRO[purpose]} {phone} را وارد کنید.
            </>
          ) : loading ? (
            <>در حال فرستادن کد تأیید به {phone}…</>
          ) : (
            <>
              هنوز کدی به {phone} فرستاده نشده است{resendIn > 0 ? '.' : '؛ با دکمهٔ «ارسال کد» آن را بخواهید.'}
            </>
          )}
        </p>
        {/* Adding or switching a person is for the logged-in phone: there is no other number to edit. */}
        {purpose === 'login' && (
          <button type="button" className="text-sm font-bold text-brand underline underline-offset-4" onClick={editNumber} disabled={loading}>
            ویرایش شماره
          </button>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="login-code" className="text-sm font-bold">
          کد تأیید
        </label>
        <input
          ref={input}
          id="login-code"
          name="code"
          value={toPersianDigits(code)}
          onChange={(event) => change(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={CODE_LENGTH * 2}
          disabled={loading}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? 'login-code-error' : undefined}
          className="min-h-14 rounded-xl border border-line bg-page px-3 text-center font-mono text-2xl tracking-[0.5em] outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60"
        />
        {codeError && (
          <p id="login-code-error" className="text-sm text-danger">
            {codeError}
          </p>
        )}
      </div>
      <FormAlert message={failure && !codeError ? failure.message : undefined} />
      <PrimaryButton disabled={loading || code.length !== CODE_LENGTH} busy={loading}>
        تأیید
      </PrimaryButton>
      <SecondaryButton
        disabled={loading || resendIn > 0}
        onClick={async () => {
          setCode('');
          if (await resendCode()) input.current?.focus();
        }}
      >
        {`${unsent ? 'ارسال کد' : 'ارسال دوباره کد'}${resendIn > 0 ? ` (${toPersianDigits(resendIn)} ثانیه)` : ''}`}
      </SecondaryButton>
    </form>
  );
}
