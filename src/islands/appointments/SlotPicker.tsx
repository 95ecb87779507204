import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { SlotDay } from '#lib/api/contracts/appointments.ts';
import { BOOKING_WINDOW_DAYS } from '#lib/appointments/booking-window.ts';
import { formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { $chosen, $refusal, $slots, chooseSlot, loadSlots, loadWholeWindow, type SlotsState } from '#stores/appointments-booking.ts';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { JoinWaitlist } from '../waitlist/JoinWaitlist.tsx';
import { Alternatives } from './Alternatives.tsx';
import { dayLabel } from './when.ts';

// The reserve form (whom for, another person's fields with the form library and their rules) loads
// when a time is chosen: the slots are what the page shows first.
const ReserveForm = lazy(() => import('./ReserveForm.tsx').then((module) => ({ default: module.ReserveForm })));

type ReadySlots = Extract<SlotsState, { status: 'ready' }>;

/** Why a day of the strip has no free time. */
function closedReason(day: SlotDay): string | undefined {
  if (day.holiday) return `تعطیل: ${day.holiday}`;
  if (day.on_leave && !day.slots.some((slot) => slot.available)) return 'مرخصی پزشک';
  if (day.slots.length === 0) return 'بدون نوبت';
  if (!day.slots.some((slot) => slot.available)) return 'تکمیل';
  return undefined;
}

/** The days as a horizontal strip of native radios (arrow keys move between open days). */
function DayStrip({ days, value, onChange }: { days: SlotDay[]; value: string | undefined; onChange: (day: string) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-bold">روز مراجعه</legend>
      <ul
        className="flex snap-x gap-2 overflow-x-auto pb-2 focus-visible:outline-3 focus-visible:outline-brand"
        data-day-strip
        // With every day closed (a full doctor) no radio can take the focus: the strip itself does,
        // so the keyboard can still scroll through the days and read why each is closed.
        tabIndex={days.some((day) => closedReason(day) === undefined) ? undefined : 0}
      >
        {days.map((day) => {
          const label = dayLabel(day.date);
          const closed = closedReason(day);
          const free = day.slots.filter((slot) => slot.available).length;
          return (
            <li key={day.date} className="shrink-0 snap-start">
              <label
                className="relative flex min-h-20 w-28 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-xl border border-line bg-card px-2 py-2 text-center has-checked:border-brand has-checked:bg-brand/10 has-focus-visible:outline-3 has-focus-visible:outline-brand has-disabled:cursor-not-allowed has-disabled:bg-page has-disabled:text-muted"
                data-day={day.date}
              >
                <input
                  type="radio"
                  name="booking-day"
                  value={day.date}
                  checked={value === day.date}
                  disabled={closed !== undefined}
                  onChange={() => onChange(day.date)}
                  className="sr-only"
                />
                <span className="text-sm">{label.weekday}</span>
                <span className="font-bold">{label.date}</span>
                <span className="text-xs">{closed ?? `${toPersianDigits(free)} نوبت آزاد`}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The chosen day's times; taken ones are shown disabled. */
function TimeGrid({ day, value, onChange }: { day: SlotDay; value: string | undefined; onChange: (start: string) => void }) {
  const label = dayLabel(day.date);
  return (
    <fieldset>
      <legend className="mb-2 font-bold">
        ساعت‌های {label.weekday} {label.date}
      </legend>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
        {day.slots.map((slot) => (
          <li key={slot.start}>
            <label className="relative flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl border border-line px-1 text-center font-bold has-checked:border-brand has-checked:bg-brand has-checked:text-page has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:font-normal has-disabled:text-muted has-disabled:line-through">
              <input
                type="radio"
                name="booking-time"
                value={slot.start}
                checked={value === slot.start}
                disabled={!slot.available}
                onChange={() => onChange(slot.start)}
                className="sr-only"
              />
              {formatTime(slot.start)}
              {!slot.available && <span className="sr-only"> (گرفته شده)</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The slots section's heading: what it is, the fee and the free-cancel rule. The page's server draws
 * it with the island (the rule's hours are its run-time setting), so it is on screen before the
 * slots arrive; once they have, their answer's figures are shown. Each line is one string: the
 * server writes adjacent texts as one text node, and hydrating it into several replaced the
 * painted text (a layout shift of the very lines that were already right).
 */
function SlotsHeading({ feeRial, cancelFreeHours }: { feeRial: number; cancelFreeHours: number }) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="slots-title" className="text-lg font-bold">
          انتخاب زمان نوبت
        </h2>
        <p className="text-sm text-muted">{`هزینهٔ ویزیت: ${formatRialWithToman(feeRial)}`}</p>
      </div>
      <p className="text-sm text-muted">{`نوبت را تا ${toPersianDigits(cancelFreeHours)} ساعت پیش از زمانش می‌توانید رایگان لغو کنید یا زمانش را تغییر دهید؛ مبلغ به کیف پول شما برمی‌گردد.`}</p>
    </>
  );
}

export interface SlotPickerProps {
  doctorId: string;
  doctorName: string;
  /** The catalogue's fee and the server's CANCEL_FREE_HOURS, for the heading until the slots answer gives them. */
  feeRial: number;
  cancelFreeHours: number;
}

/** Days, times and «reserve»: the first step of the pre-reserve page; with no free time, the doctor's waitlist. */
export function SlotPicker({ doctorId, doctorName, feeRial, cancelFreeHours }: SlotPickerProps) {
  const slots = useStore($slots);
  const ready = slots.status === 'ready' ? slots : undefined;
  return (
    // As tall as the days and times at their least, so the footer below does not jump when they come.
    <section aria-labelledby="slots-title" className="flex min-h-[30rem] min-w-0 flex-col gap-5 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <SlotsHeading feeRial={ready?.fee ?? feeRial} cancelFreeHours={ready?.cancelFreeHours ?? cancelFreeHours} />
      {slots.status === 'loading' && (
        <p className="text-muted" role="status">
          در حال بارگذاری نوبت‌های آزاد…
        </p>
      )}
      {slots.status === 'failed' && <LoadFailed text="نوبت‌های آزاد بارگذاری نشد." onRetry={() => void loadSlots()} />}
      {ready && <SlotChoices slots={ready} doctorId={doctorId} doctorName={doctorName} />}
    </section>
  );
}

/** The loaded slots: the refusal of a hold, the days, the chosen day's times, the reserve form or the waitlist. */
function SlotChoices({ slots, doctorId, doctorName }: { slots: ReadySlots; doctorId: string; doctorName: string }) {
  const chosen = useStore($chosen);
  const refusal = useStore($refusal);
  const [pickedDay, setPickedDay] = useState<string>();

  const open = slots.days.filter((day) => day.slots.some((slot) => slot.available));
  const chosenDay = chosen ? slots.days.find((day) => day.slots.some((slot) => slot.start === chosen))?.date : undefined;
  const dayId = pickedDay && slots.days.some((day) => day.date === pickedDay) ? pickedDay : (chosenDay ?? open[0]?.date);
  const day = slots.days.find((candidate) => candidate.date === dayId);

  return (
    <>
      {refusal && (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4">
          <p className="font-bold text-danger">{refusal.message}</p>
          <Alternatives refusal={refusal} />
        </div>
      )}
      <DayStrip
        days={slots.days}
        value={dayId}
        onChange={(next) => {
          setPickedDay(next);
          chooseSlot(undefined);
        }}
      />
      {slots.window < BOOKING_WINDOW_DAYS && (
        <button type="button" className="min-h-11 self-start rounded-xl border border-line px-4 text-sm font-bold hover:bg-page" onClick={() => void loadWholeWindow()}>
          نمایش روزهای بیشتر (تا {toPersianDigits(BOOKING_WINDOW_DAYS)} روز آینده)
        </button>
      )}
      {open.length === 0 && (
        <div className="flex flex-col gap-3 rounded-xl bg-page p-4">
          <p className="text-muted" data-no-free-slot>
            {slots.window < BOOKING_WINDOW_DAYS ? 'در این روزها نوبت آزادی نیست؛ روزهای بیشتر را ببینید.' : 'در ماه آینده نوبت آزادی برای این پزشک نیست.'}
          </p>
          <JoinWaitlist doctorId={doctorId} doctorName={doctorName} prominent />
        </div>
      )}
      {day && !closedReason(day) && <TimeGrid day={day} value={chosen} onChange={chooseSlot} />}
      {chosen && (
        <Suspense fallback={<Loading text="در حال آماده کردن رزرو…" />}>
          <ReserveForm start={chosen} cancelFreeHours={slots.cancelFreeHours} holdMinutes={slots.holdMinutes} />
        </Suspense>
      )}
      {open.length > 0 && !chosen && <JoinWaitlist doctorId={doctorId} doctorName={doctorName} prominent={false} />}
    </>
  );
}
