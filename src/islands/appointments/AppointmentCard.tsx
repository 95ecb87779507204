import type { ReactNode } from 'react';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { cancelRule } from '#lib/appointments/cancel-rule.ts';
import { formatJalaliDateTime, formatTime, formatWeekdayDate, toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { CalendarButton } from '../ui/CalendarButton.tsx';
import { Fact, Facts } from '../ui/Facts.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { CancelRuleNote } from './CancelRuleNote.tsx';
import { STATUS_LABELS, STATUS_TONES } from './labels.ts';

export interface CardActions {
  onCancel: (appointment: Appointment) => void;
  onReschedule: (appointment: Appointment) => void;
  /** Downloads the appointment's calendar file. */
  onCalendar: (appointment: Appointment) => Promise<void>;
}

const actionClass = 'inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 text-sm font-bold hover:bg-page';

function paidText(appointment: Appointment): string {
  const parts = [
    ...(appointment.paid_from_wallet > 0 ? [`${formatRial(appointment.paid_from_wallet)} از کیف پول`] : []),
    ...(appointment.paid_by_bank > 0 ? [`${formatRial(appointment.paid_by_bank)} از درگاه بانکی`] : []),
  ];
  if (parts.length > 0) return parts.join('، ');
  return appointment.fee === 0 ? 'رایگان' : 'هنوز پرداخت نشده';
}

/** A confirmed visit of today, Tehran time (the server keeps it confirmed all its day): its card opens the visit-day view. */
const isVisitDay = ({ status, start }: Appointment) => status === 'confirmed' && toTehranIsoDate(start) === toTehranIsoDate(new Date());

/** What was paid and how (wallet, bank, the bank's reference), folded: the card's receipt. */
export function Receipt({ appointment }: { appointment: Appointment }) {
  const { receipt } = appointment;
  if (!receipt) return null;
  const rows: [string, ReactNode][] = [
    ['هزینهٔ ویزیت', appointment.fee === 0 ? 'رایگان' : formatRial(appointment.fee)],
    ...(receipt.from_wallet > 0 ? ([['از کیف پول', formatRial(receipt.from_wallet)]] as [string, ReactNode][]) : []),
    ...(receipt.by_bank > 0 ? ([['از درگاه بانک', formatRial(receipt.by_bank)]] as [string, ReactNode][]) : []),
    ...(receipt.bank?.ref_id
      ? ([
          [
            'شمارهٔ پیگیری بانک',
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">
              {toPersianDigits(receipt.bank.ref_id)}
            </bdi>,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(receipt.bank?.card_pan
      ? ([
          [
            'کارت',
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">
              {toPersianDigits(receipt.bank.card_pan)}
            </bdi>,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(receipt.from_wallet > 0
      ? ([
          [
            'شرح در گردش کیف پول',
            <>
              پرداخت هزینهٔ نوبت <bdi dir="ltr">{appointment.key}</bdi>
            </>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['زمان پرداخت', <time dateTime={receipt.paid_at}>{formatJalaliDateTime(receipt.paid_at)}</time>],
  ];
  return (
    <details className="group rounded-xl border border-line" data-receipt>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 text-sm font-bold hover:bg-page [&::-webkit-details-marker]:hidden">
        رسید پرداخت
        <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <dl className="divide-y divide-line border-t border-line text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-3 gap-y-1 px-4 py-2">
            <dt className="text-muted">{term}</dt>
            <dd className="min-w-0 font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.bank && (
        <a
          href={`/return-bank?payment=${encodeURIComponent(receipt.bank.payment_id)}`}
          className="m-3 inline-flex min-h-11 items-center rounded-xl border border-line px-4 text-sm font-bold text-brand hover:bg-page"
        >
          رسید بانک
        </a>
      )}
    </details>
  );
}

function PatientText({ patient }: Appointment) {
  if (patient.self) return <>خودم</>;
  return (
    <>
      {patient.first_name} {patient.last_name}
      {patient.international_code_masked && (
        <>
          {' '}
          (کد ملی <bdi dir="ltr">{toPersianDigits(patient.international_code_masked)}</bdi>)
        </>
      )}
    </>
  );
}

/** One appointment of the patient's list: who, where, when, what was paid, and what may be done with it. */
export function AppointmentCard({ appointment, actions }: { appointment: Appointment; actions: CardActions }) {
  const { status } = appointment;
  const unpaid = status === 'held' || status === 'awaiting_payment';
  const titleId = `appointment-${appointment.key}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4" data-appointment={appointment.key}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold">
            {appointment.doctor.name}
          </h3>
          {appointment.doctor.title && <p className="text-sm text-muted">{appointment.doctor.title}</p>}
        </div>
        <StatusChip status={status} label={STATUS_LABELS[status]} tone={STATUS_TONES[status]} />
      </div>
      {isVisitDay(appointment) && (
        <a
          href={`/patient-profile/services?visit=${encodeURIComponent(appointment.key)}`}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-btn-auth px-4 text-center font-bold text-btn-auth-ink"
          data-visit-day
        >
          روز ویزیت: صف و اعلام حضور
        </a>
      )}
      <Facts>
        <Fact term="تاریخ">
          <time dateTime={appointment.start}>{formatWeekdayDate(appointment.start)}</time>
        </Fact>
        <Fact term="ساعت">
          {formatTime(appointment.start)}، نوبت {toPersianDigits(appointment.turn)}
        </Fact>
        <Fact term="درمانگاه">{appointment.clinic.name}</Fact>
        <Fact term="کد پیگیری">
          <bdi dir="ltr">{appointment.key}</bdi>
        </Fact>
        <Fact term="برای">
          <PatientText {...appointment} />
        </Fact>
        <Fact term="پرداخت">{paidText(appointment)}</Fact>
        {appointment.refunded !== undefined && appointment.refunded > 0 && <Fact term="برگشت به کیف پول">{formatRial(appointment.refunded)}</Fact>}
        {appointment.cancelled_at && (
          <Fact term="لغو در">
            <time dateTime={appointment.cancelled_at}>{formatJalaliDateTime(appointment.cancelled_at)}</time>
          </Fact>
        )}
        {unpaid && appointment.expires_at && (
          <Fact term="مهلت پرداخت">
            تا ساعت <time dateTime={appointment.expires_at}>{formatTime(appointment.expires_at)}</time>
          </Fact>
        )}
      </Facts>
      {appointment.clinic.address && <p className="text-sm text-muted">{appointment.clinic.address}</p>}
      {(status === 'confirmed' || unpaid) && (
        <CancelRuleNote
          rule={cancelRule({ start: appointment.start, cancelUntil: appointment.cancel_until, now: new Date(), ...(appointment.receipt ? { bookedAt: appointment.receipt.paid_at } : {}) })}
        />
      )}
      <Receipt appointment={appointment} />
      <div className="flex flex-wrap gap-2">
        {unpaid && (
          <a
            href={`/appointment/pre-reserve/${encodeURIComponent(appointment.doctor_id)}?appointment=${encodeURIComponent(appointment.key)}`}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-btn-auth px-4 text-sm font-bold text-btn-auth-ink"
          >
            ادامهٔ رزرو و پرداخت
          </a>
        )}
        {appointment.can_reschedule && (
          <button type="button" className={actionClass} onClick={() => actions.onReschedule(appointment)}>
            تغییر زمان
          </button>
        )}
        {status === 'confirmed' && <CalendarButton download={() => actions.onCalendar(appointment)} className={`${actionClass} disabled:opacity-60`} />}
        {(status === 'completed' || status === 'cancelled' || status === 'expired') && (
          <a
            href={`/appointment/pre-reserve/${encodeURIComponent(appointment.doctor_id)}`}
            aria-label={`نوبت دوباره نزد ${appointment.doctor.name}`}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-btn-auth px-4 text-sm font-bold text-btn-auth-ink"
          >
            نوبت دوباره
          </a>
        )}
        {appointment.can_cancel && (
          <button type="button" className={`${actionClass} text-danger`} onClick={() => actions.onCancel(appointment)}>
            لغو نوبت
          </button>
        )}
      </div>
    </article>
  );
}
