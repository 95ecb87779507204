import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { formatRial } from '#lib/format/number.ts';
import { chooseAgain } from '#stores/appointments-booking.ts';
import { whenText } from './when.ts';

const TITLES = {
  expired: 'مهلت نگه‌داری نوبت تمام شد',
  cancelled: 'این نوبت لغو شده است',
} as const;

/** A hold that lapsed, or a cancelled appointment: say so and offer to choose again. */
export function Ended({ appointment }: { appointment: Appointment & { status: 'expired' | 'cancelled' } }) {
  return (
    <section role="alert" aria-labelledby="ended-title" className="flex flex-col items-start gap-4 rounded-2xl border border-danger/40 bg-card p-4 sm:p-5" data-booking-ended>
      <h2 id="ended-title" className="text-lg font-bold text-danger">
        {TITLES[appointment.status]}
      </h2>
      <p>
        {appointment.status === 'expired' ? `نوبت ${whenText(appointment.start)} پرداخت نشد و آزاد شد.` : `نوبت ${whenText(appointment.start)} لغو شد.`}
        {appointment.paid_from_wallet > 0 && appointment.status === 'expired' && ` ${formatRial(appointment.paid_from_wallet)} که از کیف پول برداشته شده بود، به آن برمی‌گردد.`}
        {appointment.refunded ? ` ${formatRial(appointment.refunded)} به کیف پول شما برگشت.` : ''}
      </p>
      <button type="button" className="min-h-12 rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink" onClick={chooseAgain}>
        انتخاب دوبارهٔ زمان
      </button>
    </section>
  );
}
