import type { ServiceRequest } from '#lib/api/contracts/service-requests.ts';
import { formatWeekdayDate, formatWeekdayDateTime, tehranNoon } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { windowLabel } from './labels.ts';

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵»: a Tehran calendar day `YYYY-MM-DD`, read at its noon. */
export const dayText = (day: string): string => formatWeekdayDate(tehranNoon(day));

/** «سه‌شنبه ۱۸ آذر ۱۴۰۵، ساعت ۰۹:۳۰»: an instant, in Tehran. */
export const whenText = (at: string): string => formatWeekdayDateTime(at);

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
