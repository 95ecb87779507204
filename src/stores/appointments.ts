import { atom } from 'nanostores';
import { fetchAppointmentCalendar } from '#client/api/appointment-list.ts';
import { cancelAppointment, fetchAppointments, fetchSlots, rescheduleAppointment } from '#client/api/appointments.ts';
import type { Appointment, SlotDay } from '#lib/api/contracts/appointments.ts';
import type { ListMeta } from '#lib/api/pages.ts';
import { BOOKING_WINDOW_DAYS } from '#lib/appointments/booking-window.ts';
import { type MyAppointmentsView, readMyAppointmentsView, writeMyAppointmentsView } from '#lib/appointments/list-view.ts';
import { createLoader, type Loadable, type Page, viewInAddress } from './loadable.ts';
import { loadWallet } from './wallet.ts';

/** Appointments per page of /patient-profile/services. */
export const MY_APPOINTMENTS_PER_PAGE = 10;

/** The tab and page shown (mirrored in the address). */
export const $myAppointmentsView = atom<MyAppointmentsView>({ tab: 'upcoming', page: 1 });
export const $myAppointments = atom<Loadable<Page<Appointment, ListMeta>>>({ status: 'loading' });

/** The free slots of one doctor, for the reschedule dialog. */
export const $rescheduleSlots = atom<Loadable<{ doctorId: string; days: SlotDay[] }> | undefined>(undefined);

const list = createLoader({
  $store: $myAppointments,
  fetch: async () => {
    const { tab, page } = $myAppointmentsView.get();
    const { data, meta } = await fetchAppointments({ scope: tab, page, per_page: MY_APPOINTMENTS_PER_PAGE });
    return { items: data, meta };
  },
});

/** Loads the page the view selects; an older answer arriving late is dropped. */
export const loadMyAppointments = list.load;

/**
 * Shows `view` and writes it into the address (a new history entry: Back returns to the previous
 * tab). The address is the source of the view: read at first, and again on Back and Forward.
 */
export const showMyAppointments = viewInAddress($myAppointments, {
  $view: $myAppointmentsView,
  read: readMyAppointmentsView,
  write: writeMyAppointmentsView,
  load: () => void loadMyAppointments(),
});

/**
 * Cancels `key`; the refund is in the wallet at once, so the balance (and the header) reload with
 * the list. Resolves with the rials refunded; rejects with the failed call.
 */
export async function cancelMyAppointment(key: string): Promise<number> {
  const { data } = await cancelAppointment(key);
  void loadMyAppointments({ quiet: true });
  void loadWallet({ quiet: true });
  return data.refunded;
}

/** Moves `key` to `start` (another free slot of its doctor); rejects with the failed call (409: taken, with alternatives). */
export async function rescheduleMyAppointment(key: string, start: string): Promise<Appointment> {
  const { data } = await rescheduleAppointment(key, { start });
  void loadMyAppointments({ quiet: true });
  return data;
}

let slotsDoctor = '';
const slots = createLoader({
  $store: $rescheduleSlots,
  fetch: async () => {
    const doctorId = slotsDoctor;
    const { data } = await fetchSlots({ doctor_id: doctorId, days: BOOKING_WINDOW_DAYS });
    return { doctorId, days: data };
  },
  needsLogin: false,
});

/** The doctor's days over the whole booking window, for choosing a new time. */
export function loadRescheduleSlots(doctorId: string): Promise<void> {
  slotsDoctor = doctorId;
  return slots.load();
}

/** Saves the appointment's calendar file (`{key}.ics`) through a temporary link. */
export async function downloadAppointmentCalendar(key: string): Promise<void> {
  const blob = await fetchAppointmentCalendar(key);
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: `${key}.ics` });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
