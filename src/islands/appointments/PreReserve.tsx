import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { openLogin } from '#client/login-popup.ts';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { $view, chooseAgain, refreshAppointment, startBooking } from '#stores/appointments-booking.ts';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { SlotPicker, type SlotPickerProps } from './SlotPicker.tsx';

// The steps after the slots (the hold and its payment, waiting for the bank, the confirmation, an
// ended appointment) load when the booking reaches them: the page opens on the slots.
const HoldStep = lazy(() => import('./HoldStep.tsx').then((module) => ({ default: module.HoldStep })));
const WaitingForBank = lazy(() => import('./WaitingForBank.tsx').then((module) => ({ default: module.WaitingForBank })));
const Confirmation = lazy(() => import('./Confirmation.tsx').then((module) => ({ default: module.Confirmation })));
const Ended = lazy(() => import('./Ended.tsx').then((module) => ({ default: module.Ended })));

/**
 * The booking part of `/appointment/pre-reserve/{doctor}`: slots → hold → pay → confirmation, each
 * step reachable again by a reload (`?appointment=KEY`).
 */
export function PreReserve(props: SlotPickerProps) {
  const { doctorId } = props;
  const view = useStore($view);
  useEffect(() => startBooking(doctorId), [doctorId]);

  switch (view.step) {
    case 'choose':
      return <SlotPicker {...props} />;
    case 'opening':
      return <Loading text="در حال بارگذاری نوبت…" />;
    case 'open-failed':
      return (
        <div className="flex flex-col gap-3">
          <LoadFailed text="این نوبت بارگذاری نشد." onRetry={() => void refreshAppointment()} />
          <button type="button" className="min-h-11 self-start rounded-xl border border-line px-4 font-bold" onClick={chooseAgain}>
            انتخاب زمان دیگر
          </button>
        </div>
      );
    case 'login':
      return (
        <section className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-card p-6 text-center">
          <h2 className="text-lg font-bold">برای دیدن این نوبت وارد شوید</h2>
          <button type="button" onClick={openLogin} className="min-h-12 rounded-xl bg-btn-auth px-6 font-bold text-btn-auth-ink">
            ورود / ثبت‌نام
          </button>
          <button type="button" onClick={chooseAgain} className="min-h-11 rounded-xl border border-line px-4 font-bold">
            گرفتن نوبت تازه
          </button>
        </section>
      );
    case 'appointment':
      return (
        <Suspense fallback={<Loading text="در حال بارگذاری نوبت…" />}>
          <AppointmentStep appointment={view.appointment} />
        </Suspense>
      );
  }
}

/** The booked appointment's step, by its status. */
function AppointmentStep({ appointment }: { appointment: Appointment }) {
  switch (appointment.status) {
    case 'held':
      return <HoldStep appointment={appointment} />;
    case 'awaiting_payment':
      return <WaitingForBank appointment={appointment} />;
    case 'confirmed':
    case 'completed':
      return <Confirmation appointment={appointment} />;
    case 'expired':
    case 'cancelled':
      return <Ended appointment={{ ...appointment, status: appointment.status }} />;
  }
}
