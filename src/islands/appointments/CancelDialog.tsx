import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { formatBookingDay } from '#lib/appointments/when.ts';
import { formatTime } from '#lib/format/date.ts';
import { formatRial } from '#lib/format/number.ts';
import { cancelMyAppointment } from '#stores/appointments.ts';
import { ConfirmSheet } from '../ui/ConfirmSheet.tsx';

export function cancelledMessage(refunded: number): string {
  return refunded > 0 ? `نوبت لغو شد و ${formatRial(refunded)} به کیف پول شما برگشت.` : 'نوبت لغو شد.';
}

/** Asks before cancelling, with the refund the server promises for a cancellation now. */
export function CancelDialog({ appointment, onClose }: { appointment: Appointment | undefined; onClose: () => void }) {
  return (
    <ConfirmSheet
      subject={appointment}
      onClose={onClose}
      title="لغو نوبت"
      confirmLabel="بله، لغو شود"
      action={async (item) => cancelledMessage(await cancelMyAppointment(item.key))}
      failure="نوبت لغو نشد. دوباره تلاش کنید."
    >
      {appointment && (
        <>
          <p className="leading-8">
            نوبت {appointment.doctor.name}، {formatBookingDay(appointment.start)} ساعت {formatTime(appointment.start)} (کد پیگیری{' '}
            <bdi dir="ltr" className="whitespace-nowrap">
              {appointment.key}
            </bdi>
            ) لغو شود؟
          </p>
          <p className="rounded-xl border border-line bg-page p-3" data-refund>
            {appointment.refund_if_cancelled > 0 ? (
              <>
                مبلغ بازگشتی به کیف پول: <strong>{formatRial(appointment.refund_if_cancelled)}</strong>
              </>
            ) : (
              'برای این نوبت مبلغی پرداخت نشده است؛ چیزی به کیف پول برنمی‌گردد.'
            )}
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
