import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { type FactRow, FactTable } from '../ui/Facts.tsx';
import { whenText } from './when.ts';

/** The appointment as a list of facts: what the hold step, the confirmation and the printout show. */
export function AppointmentFacts({ appointment, paid = false }: { appointment: Appointment; paid?: boolean }) {
  const { patient } = appointment;
  const rows: FactRow[] = [
    [
      'کد پیگیری',
      <bdi dir="ltr" className="font-mono" data-appointment-key>
        {appointment.key}
      </bdi>,
    ],
    ['نوبت', `نوبت ${toPersianDigits(appointment.turn)}`],
    ['پزشک', `${appointment.doctor.name}${appointment.doctor.title ? `، ${appointment.doctor.title}` : ''}`],
    ['زمان', whenText(appointment.start)],
    [
      'درمانگاه',
      <>
        {appointment.clinic.name}
        {appointment.clinic.address && <span className="block text-sm font-normal text-muted">{appointment.clinic.address}</span>}
        {appointment.clinic.phone && <span className="block text-sm font-normal text-muted">تلفن: {toPersianDigits(appointment.clinic.phone)}</span>}
      </>,
    ],
    [
      'بیمار',
      <>
        {patient.first_name} {patient.last_name}
        {!patient.self && patient.international_code_masked && (
          <span className="font-normal">
            {' '}
            (کد ملی <bdi dir="ltr">{toPersianDigits(patient.international_code_masked)}</bdi>)
          </span>
        )}
      </>,
    ],
  ];
  if (paid) {
    if (appointment.paid_from_wallet > 0) rows.push(['پرداخت از کیف پول', formatRial(appointment.paid_from_wallet)]);
    if (appointment.paid_by_bank > 0) rows.push(['پرداخت از درگاه بانک', formatRial(appointment.paid_by_bank)]);
    if (appointment.fee === 0) rows.push(['هزینه', 'رایگان']);
  }
  return <FactTable rows={rows} />;
}
