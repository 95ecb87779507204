import { createEvent } from 'ics';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

/** RFC 5545 §3.1: a content line is at most 75 octets long, not counting its line break. */
const MAX_LINE_OCTETS = 75;
const utf8 = new TextEncoder();

/**
 * Folds `ics` at 75 octets (RFC 5545 §3.1). The `ics` package folds at 75 characters, and a Persian
 * letter is two octets, so its lines of Persian text ran to about 150. Lines are unfolded first,
 * then cut between characters (never inside one's UTF-8 sequence); a continuation line starts with
 * one space, which counts towards its 75.
 */
export function foldIcsLines(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = utf8.encode(char).length;
        if (octets + size > MAX_LINE_OCTETS) {
          parts.push(part);
          part = ' ';
          octets = 1;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n');
    })
    .join('\r\n');
}

/**
 * The appointment as an iCalendar file (the `ics` package): UTC times, the clinic as the place, a
 * reminder two hours before; a cancelled one is marked CANCELLED so a calendar that imported it
 * updates. The UID is stable per appointment and SEQUENCE grows with each move and the
 * cancellation (RFC 5545 §3.8.7.4), so a calendar app replaces the entry it has.
 */
export function appointmentCalendar(appointment: Appointment, site: { host: string }): string {
  const start = Date.parse(appointment.start);
  const end = Date.parse(appointment.end);
  const { value, error } = createEvent({
    uid: `${appointment.key}@${site.host}`,
    sequence: appointment.calendar_sequence,
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
  return foldIcsLines(value);
}
