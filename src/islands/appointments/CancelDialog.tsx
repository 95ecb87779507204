import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { formatBookingDay } from '#lib/appointments/when.ts';
import { formatTime } from '#lib/format/date.ts';
import { formatRial } from '#lib/format/number.ts';
import { cancelMyAppointment } from '#stores/appointments.ts';
import { ConfirmActions } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { showFormFailure } from '../ui/server-errors.ts';

export function cancelledMessage(refunded: number): string {
  return refunded > 0 ? `نوبت لغو شد و ${formatRial(refunded)} به کیف پول شما برگشت.` : 'نوبت لغو شد.';
}

/** Asks before cancelling, with the refund the server promises for a cancellation now. */
export function CancelDialog({ appointment, onClose }: { appointment: Appointment | undefined; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const close = () => {
    if (busy) return;
    setProblem(undefined);
    onClose();
  };
  const confirm = async (item: Appointment) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const refunded = await cancelMyAppointment(item.key);
      notify.success(cancelledMessage(refunded));
      onClose();
    } catch (error) {
      setProblem(showFormFailure(undefined, error, []) ?? 'نوبت لغو نشد. دوباره تلاش کنید.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={appointment !== undefined} title="لغو نوبت" onDismiss={close}>
      {appointment && (
        <div className="flex flex-col gap-4">
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
          <FormAlert message={problem} />
          <ConfirmActions confirmLabel="بله، لغو شود" busy={busy} onConfirm={() => void confirm(appointment)} onKeep={close} />
        </div>
      )}
    </Sheet>
  );
}
