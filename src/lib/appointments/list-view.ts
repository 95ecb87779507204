/**
 * What /patient-profile/services shows, as its query string keeps it (so a reload, Back or a shared
 * link opens the same tab): `tab` (upcoming, past, cancelled) and `page`. Anything unreadable falls
 * back to the first page of the upcoming tab.
 */
import { APPOINTMENT_SCOPES, type AppointmentScope } from '../api/contracts/appointments.ts';

export interface MyAppointmentsView {
  tab: AppointmentScope;
  page: number;
}

const isScope = (value: string | null): value is AppointmentScope => (APPOINTMENT_SCOPES as readonly (string | null)[]).includes(value);

export function readMyAppointmentsView(search: string | URLSearchParams): MyAppointmentsView {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tab = query.get('tab');
  const page = Number(query.get('page'));
  return { tab: isScope(tab) ? tab : 'upcoming', page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The query string for `view` ('' for the first page of upcoming). */
export function writeMyAppointmentsView(view: MyAppointmentsView): string {
  const query = new URLSearchParams();
  if (view.tab !== 'upcoming') query.set('tab', view.tab);
  if (view.page > 1) query.set('page', String(view.page));
  return query.toString();
}
