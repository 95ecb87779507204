import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { openLogin } from '#client/login-popup.ts';
import { $view, chooseAgain, refreshAppointment, startBooking } from '#stores/appointments-booking.ts';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { Confirmation } from './Confirmation.tsx';
import { Ended } from './Ended.tsx';
import { HoldStep } from './HoldStep.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import { WaitingForBank } from './WaitingForBank.tsx';

/**
 * The booking part of `/appointment/pre-reserve/{doctor}`: slots → hold → pay → confirmation, each
 * step reachable again by a reload (`?appointment=KEY`).
 */
export function PreReserve({ doctorId, doctorName }: { doctorId: string; doctorName: string }) {
  const view = useStore($view);
  useEffect(() => startBooking(doctorId), [doctorId]);

  switch (view.step) {
    case 'choose':
      return <SlotPicker doctorId={doctorId} doctorName={doctorName} />;
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
    case 'appointment': {
      const { appointment } = view;
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
  }
}
