import type {
  AppointmentAnswer,
  AppointmentsAnswer,
  AppointmentsQuery,
  CancelAnswer,
  HoldAnswer,
  HoldBody,
  PayAnswer,
  PayBody,
  RescheduleBody,
  SlotsAnswer,
  SlotsQuery,
} from '#lib/api/contracts/appointments.ts';
import { api, authApi, refusableFormApi } from './client.ts';

/**
 * The booking calls (spec/api.md «Appointments»). Slots are public; everything else needs a
 * logged-in patient. A 409 (slot taken: `data.alternatives`) and 406 are left to the caller to show.
 */

export const fetchSlots = (query: Pick<SlotsQuery, 'doctor_id'> & Partial<Pick<SlotsQuery, 'from' | 'days'>>) => api<SlotsAnswer>('/appointments/slots', { method: 'GET', query });

export const holdSlot = (body: HoldBody) => authApi<HoldAnswer>('/appointments/hold', { body }, refusableFormApi);

export const fetchAppointment = (key: string) => authApi<AppointmentAnswer>(`/appointments/${encodeURIComponent(key)}`, { method: 'GET' });

export const fetchAppointments = (query: Partial<AppointmentsQuery>) => authApi<AppointmentsAnswer>('/appointments', { method: 'GET', query });

export const payAppointment = (key: string, body: PayBody) => authApi<PayAnswer>(`/appointments/${encodeURIComponent(key)}/pay`, { body }, refusableFormApi);

export const cancelAppointment = (key: string) => authApi<CancelAnswer>(`/appointments/${encodeURIComponent(key)}/cancel`, {}, refusableFormApi);

export const rescheduleAppointment = (key: string, body: RescheduleBody) => authApi<AppointmentAnswer>(`/appointments/${encodeURIComponent(key)}/reschedule`, { body }, refusableFormApi);

/** The appointment as an iCalendar file (bearer, so fetched rather than linked). */
export const fetchCalendar = (key: string) =>
  api<Blob>(`/appointments/${encodeURIComponent(key)}/calendar.ics`, { method: 'GET', responseType: 'blob', headers: { Accept: 'text/calendar' } });
