import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { cancelRule } from '#lib/appointments/cancel-rule.ts';
import { downloadCalendar } from '#stores/appointments-booking.ts';
import { CalendarButton } from '../ui/CalendarButton.tsx';
import { AppointmentFacts } from './AppointmentFacts.tsx';
import { CancelRuleNote } from './CancelRuleNote.tsx';

/** The booked appointment: its facts, the calendar file, print, and the way to «my appointments». */
export function Confirmation({ appointment }: { appointment: Appointment }) {
  const done = appointment.status === 'completed';
  return (
    <section aria-labelledby="done-title" className="booking-print flex flex-col gap-5 rounded-2xl border border-line bg-card p-4 sm:p-5" data-booking-confirmed>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-2xl font-black text-page">
          ✓
        </span>
        <div>
          <h2 id="done-title" className="text-xl font-bold">
            {done ? 'این نوبت انجام شده است' : 'نوبت شما قطعی شد'}
          </h2>
          {!done && <p className="text-muted">پیامک تأیید با کد پیگیری برای شما فرستاده شد. لطفاً ۱۵ دقیقه پیش از زمان نوبت در درمانگاه باشید.</p>}
        </div>
      </div>
      <AppointmentFacts appointment={appointment} paid />
      {!done && (
        <CancelRuleNote
          rule={cancelRule({ start: appointment.start, cancelUntil: appointment.cancel_until, now: new Date(), bookedAt: appointment.receipt?.paid_at ?? appointment.created_at })}
        />
      )}
      <div className="flex flex-col gap-3 sm:flex-row print:hidden">
        <CalendarButton download={() => downloadCalendar(appointment.key)} className="min-h-12 flex-1 rounded-xl border border-line px-5 font-bold hover:bg-page disabled:opacity-60" />
        <button type="button" className="min-h-12 flex-1 rounded-xl border border-line px-5 font-bold hover:bg-page" onClick={() => window.print()}>
          چاپ نوبت
        </button>
        <a href="/patient-profile/services" className="inline-flex min-h-12 flex-1 items-center justify-center rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink">
          نوبت‌های من
        </a>
      </div>
    </section>
  );
}
