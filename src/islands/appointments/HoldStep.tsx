import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { cancelRule } from '#lib/appointments/cancel-rule.ts';
import { clock } from '#lib/format/countdown.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { pay, refreshAppointment } from '#stores/appointments-booking.ts';
import { $wallet } from '#stores/wallet.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { failureMessage } from '../ui/failure-message.ts';
import { PaymentSplit, splitPayment } from '../ui/PaymentSplit.tsx';
import { AppointmentFacts } from './AppointmentFacts.tsx';
import { CancelRuleNote } from './CancelRuleNote.tsx';
import { Ended } from './Ended.tsx';
import { spokenRemaining, useRemaining } from './useRemaining.ts';

function Countdown({ seconds }: { seconds: number }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand/40 bg-brand/10 px-4 py-3">
      <p className="font-bold">این نوبت برای شما نگه داشته شده است. مهلت پرداخت:</p>
      <p role="timer" aria-label="زمان باقی‌مانده" className="text-2xl font-black tabular-nums text-brand" dir="ltr" data-countdown>
        {clock(seconds)}
      </p>
      <p className="sr-only" aria-live="polite">
        {spokenRemaining(seconds, toPersianDigits)}
      </p>
    </div>
  );
}

/** A held slot: the countdown, whom it is for, the fee, the wallet and pay. */
export function HoldStep({ appointment }: { appointment: Appointment }) {
  const seconds = useRemaining(appointment.expires_at ?? appointment.start);
  const wallet = useStore($wallet);
  const available = wallet.status === 'ready' ? wallet.data.available : 0;
  const [useWallet, setUseWallet] = useState(true);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string>();

  // The countdown ran out: ask the server what became of it (paid elsewhere, or lapsed).
  const lapsed = seconds === 0;
  useEffect(() => {
    if (lapsed) void refreshAppointment();
  }, [lapsed]);

  if (lapsed) return <Ended appointment={{ ...appointment, status: 'expired' }} />;

  const due = appointment.fee - appointment.paid_from_wallet;
  const split = splitPayment(due, available, useWallet);
  const { byBank } = split;

  return (
    <section aria-labelledby="hold-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="hold-title" className="text-lg font-bold">
        پرداخت و قطعی کردن نوبت
      </h2>
      <Countdown seconds={seconds} />
      <AppointmentFacts appointment={appointment} />
      <div className="flex flex-col gap-3 rounded-xl border border-line p-4">
        <div className="flex justify-between gap-3">
          <span className="text-muted">هزینهٔ ویزیت</span>
          <span className="font-bold">{formatRialWithToman(appointment.fee)}</span>
        </div>
        {appointment.paid_from_wallet > 0 && (
          <div className="flex justify-between gap-3">
            <span className="text-muted">پرداخت‌شده از کیف پول</span>
            <span className="font-bold">{formatRial(appointment.paid_from_wallet)}</span>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <span className="text-muted">موجودی کیف پول</span>
          <span className="font-bold" data-booking-wallet>
            {wallet.status === 'ready' ? formatRial(available) : wallet.status === 'failed' ? 'نامعلوم' : '…'}
          </span>
        </div>
        <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-page px-3 has-focus-visible:outline-3 has-focus-visible:outline-brand">
          <input type="checkbox" className="size-5 accent-brand" checked={useWallet} disabled={available <= 0 || paying} onChange={(event) => setUseWallet(event.target.checked)} />
          <span>اول از موجودی کیف پول برداشته شود</span>
        </label>
        <PaymentSplit {...split} />
      </div>
      <CancelRuleNote rule={cancelRule({ start: appointment.start, cancelUntil: appointment.cancel_until, now: new Date() })} />
      <FormAlert message={problem} />
      <PrimaryButton
        type="button"
        busy={paying}
        disabled={paying || !split.payable}
        onClick={async () => {
          setPaying(true);
          setProblem(undefined);
          try {
            await pay(useWallet);
            // Off to the bank: the button stays busy while the browser leaves.
            if (byBank === 0) setPaying(false);
          } catch (error) {
            setProblem(failureMessage(error));
            setPaying(false);
          }
        }}
      >
        {byBank === 0 ? 'پرداخت از کیف پول و قطعی کردن نوبت' : `پرداخت ${formatRial(byBank)} از درگاه بانک`}
      </PrimaryButton>
    </section>
  );
}
