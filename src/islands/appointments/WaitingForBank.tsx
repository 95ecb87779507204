import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { cancelRule } from '#lib/appointments/cancel-rule.ts';
import { formatTime } from '#lib/format/date.ts';
import { formatRial } from '#lib/format/number.ts';
import { chooseAgain, refreshAppointment } from '#stores/appointments-booking.ts';
import { BankActions, bankActionClass } from '../ui/BankActions.tsx';
import { AppointmentFacts } from './AppointmentFacts.tsx';
import { CancelRuleNote } from './CancelRuleNote.tsx';

/** Awaiting payment: the slot waits for the bank; continue there, or check again. */
export function WaitingForBank({ appointment }: { appointment: Appointment }) {
  const due = appointment.fee - appointment.paid_from_wallet;
  return (
    <section aria-labelledby="bank-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="bank-title" className="text-lg font-bold">
        در انتظار پرداخت در درگاه بانک
      </h2>
      <p>
        نوبت تا پایان پرداخت برای شما نگه داشته می‌شود
        {appointment.expires_at ? ` (تا ساعت ${formatTime(appointment.expires_at)})` : ''}. مبلغ باقی‌مانده: <strong>{formatRial(due)}</strong>
      </p>
      <AppointmentFacts appointment={appointment} />
      <CancelRuleNote rule={cancelRule({ start: appointment.start, cancelUntil: appointment.cancel_until, now: new Date() })} />
      <BankActions paymentId={appointment.payment_id} onCheck={() => void refreshAppointment()}>
        <button type="button" className={bankActionClass} onClick={chooseAgain}>
          انتخاب زمان دیگر
        </button>
      </BankActions>
    </section>
  );
}
