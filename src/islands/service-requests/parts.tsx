import type { ServiceRequest, ServiceRequestStatus } from '#lib/api/contracts/service-requests.ts';
import { formatJalaliDate, formatTime, TEHRAN_TIME_ZONE } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { STATUS_LABELS, STATUS_TONES, windowLabel } from './labels.ts';

/** A request's status as a chip: a coloured frame around its name (the word carries it, not the colour). */
export function StatusChip({ status }: { status: ServiceRequestStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border px-3 py-1 text-sm font-bold ${STATUS_TONES[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

// As lib/appointments/when.ts words it; not imported from there, so that module stays in the appointment
// pages' files and the service-request pages' shared file stays theirs alone (build/script-chunks.ts).
const weekday = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: TEHRAN_TIME_ZONE, weekday: 'long' });
const dayOf = (at: Date) => `${weekday.format(at)} ${formatJalaliDate(at)}`;

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵»: a Tehran calendar day `YYYY-MM-DD`, read at its noon. */
export function dayText(day: string): string {
  return dayOf(new Date(`${day}T12:00:00+03:30`));
}

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰»: an instant, in Tehran. */
export function whenText(at: string): string {
  const date = new Date(at);
  return `${dayOf(date)}، ساعت ${formatTime(date)}`;
}

/** When the visit is: the time the hospital set, or else the day and window the patient asked for. */
export function WhenText({ request }: { request: Pick<ServiceRequest, 'scheduled_at' | 'preferred_date' | 'preferred_window'> }) {
  if (request.scheduled_at) return <time dateTime={request.scheduled_at}>{whenText(request.scheduled_at)}</time>;
  return (
    <>
      <time dateTime={request.preferred_date}>{dayText(request.preferred_date)}</time>، {windowLabel(request.preferred_window)}
    </>
  );
}

/** Whom the request is for: «خودتان» or the relative's name with the masked national code. */
export function PatientText({ patient }: Pick<ServiceRequest, 'patient'>) {
  if (patient.self) {
    return (
      <>
        خودتان ({patient.first_name} {patient.last_name})
      </>
    );
  }
  return (
    <>
      {patient.first_name} {patient.last_name}
      {patient.international_code_masked && (
        <span className="font-normal">
          {' '}
          (کد ملی <bdi dir="ltr">{toPersianDigits(patient.international_code_masked)}</bdi>)
        </span>
      )}
    </>
  );
}
