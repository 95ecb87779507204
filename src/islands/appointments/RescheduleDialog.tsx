import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { Appointment, Slot, SlotDay, SlotTakenAnswer } from '#lib/api/contracts/appointments.ts';
import { FetchError } from '#lib/api/fetch-error.ts';
import { formatBookingDay, formatSoon } from '#lib/appointments/when.ts';
import { formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { $rescheduleSlots, loadRescheduleSlots, rescheduleMyAppointment } from '#stores/appointments.ts';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { failureMessage } from '../ui/failure-message.ts';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { dayLabel } from './when.ts';

/** The days that still have a free slot other than the appointment's own. */
function freeDays(days: readonly SlotDay[], current: string): Array<{ date: string; slots: Slot[] }> {
  return days.flatMap((day) => {
    const slots = day.slots.filter((slot) => slot.available && slot.start !== current);
    return slots.length > 0 ? [{ date: day.date, slots }] : [];
  });
}

/** A 409's next free starts (api.md: the slot was taken meanwhile). */
function alternativesOf(error: unknown): string[] {
  if (!(error instanceof FetchError) || error.response?.status !== 409) return [];
  const alternatives = (error.data as Partial<SlotTakenAnswer> | undefined)?.data?.alternatives;
  return Array.isArray(alternatives) ? alternatives.filter((start): start is string => typeof start === 'string') : [];
}

const choiceClass =
  'flex cursor-pointer flex-col items-center justify-center rounded-xl border border-line px-3 text-center has-checked:border-brand has-checked:bg-brand/10 has-checked:text-brand has-focus-visible:outline-3 has-focus-visible:outline-brand';

function DayStrip({ days, value, onChange }: { days: readonly { date: string }[]; value: string; onChange: (day: string) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-bold">روز</legend>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
        {days.map((day) => (
          <label key={day.date} className={`${choiceClass} min-h-16 min-w-24 shrink-0`}>
            <input type="radio" name="reschedule-day" value={day.date} checked={value === day.date} onChange={() => onChange(day.date)} className="sr-only" />
            <span className="text-sm">{dayLabel(day.date).weekday}</span>
            <span className="font-bold">{dayLabel(day.date).date}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TimeChoices({ slots, value, onChange }: { slots: readonly Slot[]; value: string; onChange: (start: string) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-bold">ساعت</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((slot) => (
          <label key={slot.start} className={`${choiceClass} min-h-12`}>
            <input type="radio" name="reschedule-time" value={slot.start} checked={value === slot.start} onChange={() => onChange(slot.start)} className="sr-only" />
            <span className="font-bold">{formatTime(slot.start)}</span>
            <span className="text-xs">نوبت {toPersianDigits(slot.turn)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Chooser({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const slots = useStore($rescheduleSlots);
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [alternatives, setAlternatives] = useState<string[]>([]);

  useEffect(() => {
    void loadRescheduleSlots(appointment.doctor_id);
  }, [appointment.doctor_id]);

  const days = useMemo(() => (slots?.status === 'ready' ? freeDays(slots.data.days, appointment.start) : []), [slots, appointment.start]);
  const shownDay = days.find((d) => d.date === day) ?? days[0];

  const pick = (next: string) => {
    setStart(next);
    setProblem(undefined);
  };
  const submit = async () => {
    if (!start) {
      setProblem('یک روز و ساعت آزاد انتخاب کنید.');
      return;
    }
    setBusy(true);
    setProblem(undefined);
    setAlternatives([]);
    try {
      const moved = await rescheduleMyAppointment(appointment.key, start);
      notify.success(`زمان نوبت به ${formatBookingDay(moved.start)} ساعت ${formatTime(moved.start)} تغییر کرد.`);
      onDone();
    } catch (error) {
      const others = alternativesOf(error);
      setAlternatives(others);
      setStart('');
      setProblem(failureMessage(error) ?? 'زمان نوبت تغییر نکرد. دوباره تلاش کنید.');
      if (others.length > 0) void loadRescheduleSlots(appointment.doctor_id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        زمان فعلی:{' '}
        <strong>
          {formatBookingDay(appointment.start)}، ساعت {formatTime(appointment.start)}
        </strong>
      </p>
      {slots === undefined || slots.status === 'loading' ? (
        <Loading text="در حال بارگذاری زمان‌های آزاد…" />
      ) : slots.status === 'failed' ? (
        <LoadFailed text="زمان‌های آزاد بارگذاری نشد." onRetry={() => void loadRescheduleSlots(appointment.doctor_id)} />
      ) : !shownDay ? (
        <p className="rounded-xl border border-line bg-page p-3">در ۳۱ روز آینده زمان آزاد دیگری برای این پزشک نیست.</p>
      ) : (
        <>
          <DayStrip
            days={days}
            value={shownDay.date}
            onChange={(next) => {
              setDay(next);
              setStart('');
            }}
          />
          <TimeChoices slots={shownDay.slots} value={start} onChange={pick} />
        </>
      )}
      <FormAlert message={problem} />
      {alternatives.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-bold">نزدیک‌ترین زمان‌های آزاد:</p>
          <div className="flex flex-wrap gap-2">
            {alternatives.map((alternative) => (
              <button
                key={alternative}
                type="button"
                aria-pressed={start === alternative}
                className="min-h-11 rounded-xl border border-line px-3 text-sm font-bold hover:bg-page aria-pressed:border-brand aria-pressed:text-brand"
                onClick={() => {
                  setDay(days.find((d) => d.slots.some((slot) => slot.start === alternative))?.date ?? day);
                  pick(alternative);
                }}
              >
                {formatSoon(alternative)}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <PrimaryButton type="button" busy={busy} disabled={busy || slots?.status !== 'ready'} onClick={() => void submit()}>
          ثبت زمان جدید
        </PrimaryButton>
        <SecondaryButton disabled={busy} onClick={onDone}>
          انصراف
        </SecondaryButton>
      </div>
    </div>
  );
}

/** Moves a confirmed appointment to another free slot of the same doctor: a Jalali day strip, then its times. */
export function RescheduleDialog({ appointment, onClose }: { appointment: Appointment | undefined; onClose: () => void }) {
  return (
    <Sheet open={appointment !== undefined} title="تغییر زمان نوبت" onDismiss={onClose}>
      {appointment && <Chooser key={appointment.key} appointment={appointment} onDone={onClose} />}
    </Sheet>
  );
}
