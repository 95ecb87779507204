import type { ReactNode } from 'react';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { formatBookingDay } from '#lib/booking/when.ts';
import { formatJalaliDateTime, formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { STATUS_LABELS, STATUS_TONES } from './labels.ts';

export interface CardActions {
  onCancel: (appointment: Appointment) => void;
  onReschedule: (appointment: Appointment) => void;
  onCalendar: (appointment: Appointment) => void;
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

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="min-w-0 font-bold">{children}</dd>
    </div>
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
        <p className={`shrink-0 rounded-full border px-3 py-1 text-sm font-bold ${STATUS_TONES[status]}`} data-status={status}>
          {STATUS_LABELS[status]}
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Row term="تاریخ">
          <time dateTime={appointment.start}>{formatBookingDay(appointment.start)}</time>
        </Row>
        <Row term="ساعت">
          {formatTime(appointment.start)}، نوبت {toPersianDigits(appointment.turn)}
        </Row>
        <Row term="درمانگاه">{appointment.clinic.name}</Row>
        <Row term="کد پیگیری">
          <bdi dir="ltr">{appointment.key}</bdi>
        </Row>
        <Row term="برای">
          <PatientText {...appointment} />
        </Row>
        <Row term="پرداخت">{paidText(appointment)}</Row>
        {appointment.refunded !== undefined && appointment.refunded > 0 && <Row term="برگشت به کیف پول">{formatRial(appointment.refunded)}</Row>}
        {appointment.cancelled_at && (
          <Row term="لغو در">
            <time dateTime={appointment.cancelled_at}>{formatJalaliDateTime(appointment.cancelled_at)}</time>
          </Row>
        )}
        {unpaid && appointment.expires_at && (
          <Row term="مهلت پرداخت">
            تا ساعت <time dateTime={appointment.expires_at}>{formatTime(appointment.expires_at)}</time>
          </Row>
        )}
      </dl>
      {appointment.clinic.address && <p className="text-sm text-muted">{appointment.clinic.address}</p>}
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
        {status === 'confirmed' && (
          <button type="button" className={actionClass} onClick={() => actions.onCalendar(appointment)}>
            افزودن به تقویم (<span lang="en">ics</span>)
          </button>
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
