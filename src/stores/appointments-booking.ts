import { atom } from 'nanostores';
import * as bookingApi from '#client/api/appointments.ts';
import { NotAuthenticatedError } from '#client/api/client.ts';
import { openLogin } from '#client/login-popup.ts';
import { $token } from '#client/state/auth.ts';
import { $openModals } from '#client/state/modals.ts';
import type { Appointment, OtherPatient, SlotDay, SlotTakenAnswer } from '#lib/api/contracts/appointments.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { BOOKING_WINDOW_DAYS } from '#lib/appointments/booking-window.ts';
import { latestWins } from '#lib/latest-wins.ts';
import { onLogin } from './loadable.ts';

// The wallet (its balance pays the hold) is read once a slot is held: the slots step does not load its store.
const refreshWallet = () => void import('./wallet.ts').then((wallet) => wallet.loadWallet({ quiet: true }));

/**
 * The pre-reserve page: the doctor's free slots, the chosen one, and the
 * appointment once held. The chosen slot survives the login popup and a reload (sessionStorage);
 * the appointment's key lives in the URL (`?appointment=KEY`), so a reload returns to its step.
 */

/** Days asked for first; the rest of the booking window on request. */
export const FIRST_DAYS = 14;

export type SlotsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; days: SlotDay[]; fee: number; window: number; cancelFreeHours: number; holdMinutes: number };

export type BookingView =
  /** Choosing a day and a time. */
  | { step: 'choose' }
  /** Reading `?appointment=KEY` from the server. */
  | { step: 'opening'; key: string }
  /** `?appointment=KEY` but logged out: it opens after login. */
  | { step: 'login'; key: string }
  | { step: 'open-failed'; key: string }
  | { step: 'appointment'; appointment: Appointment };

/** A slot could not be held: the server's message and the doctor's next free starts. */
export interface Refusal {
  message: string;
  alternatives: string[];
  /** Whom the refused hold was for: an alternative is held for the same person. */
  patient: OtherPatient | undefined;
}

export const $slots = atom<SlotsState>({ status: 'loading' });
export const $view = atom<BookingView>({ step: 'choose' });
/** The start (ISO instant) the patient chose. */
export const $chosen = atom<string | undefined>(undefined);
export const $refusal = atom<Refusal | undefined>(undefined);
export const $holding = atom(false);

const CHOICE_KEY = 'booking-choice';
let doctorId = '';
/** A hold asked for while logged out: made as soon as the login popup logs someone in. */
let pendingHold: { start: string; patient: OtherPatient | undefined } | undefined;

function remember(start: string | undefined): void {
  try {
    if (start) sessionStorage.setItem(CHOICE_KEY, JSON.stringify({ doctorId, start }));
    else sessionStorage.removeItem(CHOICE_KEY);
  } catch {
    // Storage refused (private mode): the choice lives as long as the page.
  }
}

function remembered(): string | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(CHOICE_KEY) ?? 'null') as { doctorId?: string; start?: string } | null;
    return stored?.doctorId === doctorId && typeof stored.start === 'string' ? stored.start : undefined;
  } catch {
    return undefined;
  }
}

function setKeyInUrl(key: string | undefined): void {
  const url = new URL(location.href);
  if (key) url.searchParams.set('appointment', key);
  else url.searchParams.delete('appointment');
  history.replaceState(history.state, '', url);
}

export async function loadSlots(days = FIRST_DAYS): Promise<void> {
  const before = $slots.get();
  if (before.status !== 'ready') $slots.set({ status: 'loading' });
  try {
    const { data, meta } = await bookingApi.fetchSlots({ doctor_id: doctorId, days });
    $slots.set({ status: 'ready', days: data, fee: meta.fee, window: days, cancelFreeHours: meta.cancel_free_hours, holdMinutes: meta.hold_minutes });
    // A chosen time that was taken meanwhile is dropped.
    const chosen = $chosen.get();
    if (chosen && !data.some((day) => day.slots.some((slot) => slot.start === chosen && slot.available))) chooseSlot(undefined);
  } catch {
    if (before.status !== 'ready') $slots.set({ status: 'failed' });
  }
}

export const loadWholeWindow = () => loadSlots(BOOKING_WINDOW_DAYS);

export function chooseSlot(start: string | undefined): void {
  $chosen.set(start);
  remember(start);
}

/** Appointments being opened; a move back to the slots drops them, so a late answer cannot bring the old step back. */
const opening = latestWins();

async function openAppointment(key: string, { quiet = false } = {}): Promise<void> {
  if (!$token.get()) {
    $view.set({ step: 'login', key });
    return;
  }
  // A refresh keeps the step on screen until the answer comes.
  if (!quiet) $view.set({ step: 'opening', key });
  const isLatest = opening.begin();
  try {
    const { data } = await bookingApi.fetchAppointment(key);
    // The patient went back to the slots meanwhile: a late answer must not bring the old step back.
    if (isLatest()) show(data);
  } catch (error) {
    if (isLatest()) $view.set(error instanceof NotAuthenticatedError || describeFailure(error).status === 401 ? { step: 'login', key } : { step: 'open-failed', key });
  }
}

function show(appointment: Appointment): void {
  $view.set({ step: 'appointment', appointment });
  setKeyInUrl(appointment.key);
}

/** Reads the shown appointment again (the countdown ran out, or the bank may have answered). */
export async function refreshAppointment(): Promise<void> {
  const view = $view.get();
  if (view.step === 'appointment') await openAppointment(view.appointment.key, { quiet: true });
  else if (view.step === 'open-failed' || view.step === 'login') await openAppointment(view.key);
}

/** Starts the page for `doctor`: the appointment of the URL, or the slots with any remembered choice. */
export function startBooking(doctor: string): () => void {
  doctorId = doctor;
  const key = new URL(location.href).searchParams.get('appointment');
  if (key) void openAppointment(key);
  else $chosen.set(remembered());
  void loadSlots();
  const stopToken = onLogin(() => {
    const view = $view.get();
    if (view.step === 'login') void openAppointment(view.key);
    if (pendingHold) {
      const { start, patient } = pendingHold;
      pendingHold = undefined;
      void hold(start, patient);
    }
  });
  // The popup closed without a login: the reserve button waits for another press.
  const stopModals = $openModals.listen((open) => {
    if (open.length === 0 && !$token.get()) pendingHold = undefined;
  });
  return () => {
    stopToken();
    stopModals();
  };
}

/**
 * `POST /appointments/hold` for `start` (the patient themself, or `patient`). Logged out, it opens
 * the login popup and holds right after the login. A 409 leaves the message and the alternatives
 * in `$refusal`; other refusals are the error policy's (toasts, field errors) and are returned.
 */
export async function hold(start: string, patient: OtherPatient | undefined): Promise<unknown> {
  $refusal.set(undefined);
  chooseSlot(start);
  if (!$token.get()) {
    pendingHold = { start, patient };
    openLogin();
    return undefined;
  }
  $holding.set(true);
  try {
    const { data } = await bookingApi.holdSlot({ doctor_id: doctorId, start, ...(patient ? { for: patient } : {}) });
    chooseSlot(undefined);
    show(data);
    refreshWallet();
    return undefined;
  } catch (error) {
    const failure = describeFailure(error);
    // The session had ended: the error policy opened the login popup; the hold follows the login.
    if (failure.status === 401) pendingHold = { start, patient };
    if (failure.status === 409) {
      const body = (error as { data?: Partial<SlotTakenAnswer> }).data;
      $refusal.set({ message: failure.message, alternatives: body?.data?.alternatives ?? [], patient });
      chooseSlot(undefined);
      void loadSlots(currentWindow());
      return undefined;
    }
    return error;
  } finally {
    $holding.set(false);
  }
}

const currentWindow = () => {
  const slots = $slots.get();
  return slots.status === 'ready' ? slots.window : FIRST_DAYS;
};

/**
 * `POST /appointments/{key}/pay`: confirmed (shown at once, the wallet refreshed) or off to the
 * bank. Rejects with the failed call.
 */
export async function pay(useWallet: boolean): Promise<void> {
  const view = $view.get();
  if (view.step !== 'appointment') return;
  try {
    const { data } = await bookingApi.payAppointment(view.appointment.key, { use_wallet: useWallet });
    if (data.status === 'confirmed') {
      show(data.appointment);
      refreshWallet();
    } else {
      location.assign(data.redirect_url);
    }
  } catch (error) {
    // The hold lapsed or the appointment moved on: show what it is now.
    if (describeFailure(error).status === 409) void refreshAppointment();
    throw error;
  }
}

/** Back to the slots: the key leaves the URL (a held slot stays held until it lapses or another is held). */
export function chooseAgain(): void {
  opening.drop();
  setKeyInUrl(undefined);
  $refusal.set(undefined);
  chooseSlot(undefined);
  $view.set({ step: 'choose' });
  void loadSlots(currentWindow());
}

/** The appointment as an .ics file, downloaded through a blob link (the call needs the bearer token). */
export async function downloadCalendar(key: string): Promise<void> {
  const blob = await bookingApi.fetchCalendar(key);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${key}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
