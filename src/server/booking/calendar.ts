import { createEvent } from 'ics';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

/**
 * The appointment as an iCalendar file (the `ics` package): UTC times, the clinic as the place, a
 * reminder two hours before; a cancelled one is marked CANCELLED so a calendar that imported it
 * updates. The UID is stable per appointment, so a moved one replaces the old entry.
 */
export function appointmentCalendar(appointment: Appointment, site: { host: string }): string {
  const start = Date.parse(appointment.start);
  const end = Date.parse(appointment.end);
  const { value, error } = createEvent({
    uid: `${appointment.key}@${site.host}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `نوبت ${appointment.doctor.name}`,
    description: `کد پیگیری: ${appointment.key}\nنوبت ${toPersianDigits(appointment.turn)}\n${appointment.doctor.title}`,
    location: [appointment.clinic.name, appointment.clinic.address].filter(Boolean).join('، '),
    status: appointment.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    productId: 'patient-portal/booking',
    alarms: appointment.status === 'cancelled' ? [] : [{ action: 'display', description: `نوبت ${appointment.doctor.name}`, trigger: { hours: 2, before: true } }],
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}
