/**
 * What /patient-profile/services shows, as its query string keeps it (so a reload, Back or a shared
 * link opens the same tab): `tab` (upcoming, past, cancelled) and `page`. Anything unreadable falls
 * back to the first page of the upcoming tab.
 */

import { queryOf, readChoice, readPage, writeListQuery } from '../list-view.ts';
import { APPOINTMENT_SCOPES, type AppointmentScope } from './scopes.ts';

export interface MyAppointmentsView {
  tab: AppointmentScope;
  page: number;
}

export function readMyAppointmentsView(search: string | URLSearchParams): MyAppointmentsView {
  const query = queryOf(search);
  return { tab: readChoice(query, 'tab', APPOINTMENT_SCOPES) ?? 'upcoming', page: readPage(query) };
}

/** The query string for `view` ('' for the first page of upcoming). */
export function writeMyAppointmentsView(view: MyAppointmentsView): string {
  return writeListQuery({ tab: view.tab === 'upcoming' ? undefined : view.tab }, view.page);
}
