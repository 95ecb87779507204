import { persistentAtom } from '@nanostores/persistent';
import { atom, onMount } from 'nanostores';
import { fetchAppointment } from '#client/api/appointments.ts';
import { checkInAppointment, fetchQueue, openQueueStream, pollQueue } from '#client/api/queue.ts';
import { $user, onTokenForgotten } from '#client/state/auth.ts';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { readErrorEnvelope } from '#lib/api/envelope.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { type ConnectionMode, type Follower, followQueue } from './visit-day-live.ts';

/**
 * The patient's visit day (/patient-profile/services?visit=AP-XXXXXX): the place in the doctor's
 * queue as it changes, how the page hears about it (live, polling, offline) and when it last knew,
 * and «I have arrived». The last state of each of today's visits is kept on this device, so a
 * reload without network shows it, marked as the last known.
 */

export type { ConnectionMode } from './visit-day-live.ts';

export type VisitDayState =
  | { status: 'loading' }
  /** Nothing known, and the server out of reach. */
  | { status: 'failed' }
  /** The server will not show this queue (not today, not found): its sentence. */
  | { status: 'refused'; message: string | undefined }
  /**
   * `checkedAt`: when the page last knew the state to be current (an event, a heartbeat, a poll).
   * `saved`: read from this device and not yet confirmed by the server since the page opened.
   */
  | { status: 'ready'; queue: PatientQueue; checkedAt: string; saved: boolean };

export type CheckInState = { status: 'idle' } | { status: 'sending' } | { status: 'refused'; message: string | undefined };

export const $visitDay = atom<VisitDayState>({ status: 'loading' });
export const $visitConnection = atom<ConnectionMode>('connecting');
/** The appointment itself, for its receipt. */
export const $visitAppointment = atom<Appointment | undefined>(undefined);
export const $checkIn = atom<CheckInState>({ status: 'idle' });

interface SavedVisit {
  /** Whose it is: another person logged in on this device never sees it. */
  account: number;
  queue: PatientQueue;
  checkedAt: string;
  appointment?: Appointment;
}

function decodeSaved(value: string): Record<string, SavedVisit> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SavedVisit>) : {};
  } catch {
    return {};
  }
}

/** localStorage `visit_day`: today's last known state per appointment key. */
const $saved = persistentAtom<Record<string, SavedVisit>>('visit_day', {}, { encode: JSON.stringify, decode: decodeSaved });

// The device forgets a person's visits with the person.
onTokenForgotten(() => $saved.set({}));

const KEY = /^AP-[0-9A-Z]{6}$/;

/** The appointment key of `?visit=`, when it is one. */
export function readVisitKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get('visit')?.trim().toUpperCase();
  return key && KEY.test(key) ? key : undefined;
}

function savedVisit(key: string): SavedVisit | undefined {
  const saved = $saved.get()[key];
  const account = $user.get()?.id;
  if (!saved || account === undefined || saved.account !== account) return undefined;
  return saved.queue.date === toTehranIsoDate(new Date()) ? saved : undefined;
}

/** Keeps `key`'s entry (others of today and of this person stay; older days go). */
function save(key: string, entry: Partial<SavedVisit>): void {
  const account = $user.get()?.id;
  if (account === undefined) return;
  const today = toTehranIsoDate(new Date());
  const kept = Object.fromEntries(Object.entries($saved.get()).filter(([other, visit]) => other !== key && visit.account === account && visit.queue?.date === today));
  const previous = savedVisit(key);
  const next = { ...previous, ...entry, account } as SavedVisit;
  if (!next.queue) return;
  $saved.set({ ...kept, [key]: next });
}

function forget(key: string): void {
  $saved.set(Object.fromEntries(Object.entries($saved.get()).filter(([other]) => other !== key)));
}

let followed: { key: string; follower: Follower } | undefined;

function showState(key: string, queue: PatientQueue): void {
  const checkedAt = new Date().toISOString();
  $visitDay.set({ status: 'ready', queue, checkedAt, saved: false });
  save(key, { queue, checkedAt });
  if (!$visitAppointment.get()) void loadAppointment(key);
}

async function loadAppointment(key: string): Promise<void> {
  try {
    const { data } = await fetchAppointment(key);
    if (followed?.key !== key) return;
    $visitAppointment.set(data);
    save(key, { appointment: data });
  } catch {
    // The receipt waits for the next visit of the page; the queue is what matters now.
  }
}

/** Follows `key`'s queue: the saved state at once, then the server's. Answers the stop. */
function follow(key: string): () => void {
  const saved = savedVisit(key);
  $visitDay.set(saved ? { status: 'ready', queue: saved.queue, checkedAt: saved.checkedAt, saved: true } : { status: 'loading' });
  $visitAppointment.set(saved?.appointment);
  $visitConnection.set('connecting');
  $checkIn.set({ status: 'idle' });
  const follower = followQueue({
    openStream: (signal) => openQueueStream(key, signal),
    poll: async (signal) => (await pollQueue(key, signal)).data,
    onState: (queue) => showState(key, queue),
    onAlive: () => {
      const shown = $visitDay.get();
      if (shown.status === 'ready') $visitDay.set({ ...shown, checkedAt: new Date().toISOString() });
    },
    onMode: (mode) => {
      $visitConnection.set(mode);
      if (mode === 'offline' && $visitDay.get().status === 'loading') $visitDay.set({ status: 'failed' });
    },
    onEnd: (message) => {
      // The session ended or the visit is gone (cancelled, moved): one last look says which.
      void pollQueue(key).then(
        ({ data }) => showState(key, data),
        (error: { status?: number; data?: unknown }) => {
          if (error.status === undefined) return;
          forget(key);
          $visitDay.set({ status: 'refused', message: readErrorEnvelope(error.data).message ?? message });
        },
      );
    },
    onRefused: ({ status, message }) => {
      if (status === 401) {
        // The loud call opens the login popup; the page is then the login prompt's.
        void fetchQueue(key).catch(() => undefined);
        return;
      }
      forget(key);
      $visitDay.set({ status: 'refused', message });
    },
  });
  followed = { key, follower };
  const online = () => follower.retryNow();
  const offline = () => follower.networkLost();
  addEventListener('online', online);
  addEventListener('offline', offline);
  return () => {
    follower.stop();
    removeEventListener('online', online);
    removeEventListener('offline', offline);
    if (followed?.follower === follower) followed = undefined;
  };
}

// The queue is followed while the view is on screen, for the key in the address.
onMount($visitDay, () => {
  const key = readVisitKey(location.search);
  if (!key) {
    $visitDay.set({ status: 'refused', message: undefined });
    return;
  }
  return follow(key);
});

/** Tries again at once (after «تلاش دوباره», or when the page was offline). */
export function retryVisitDay(): void {
  if (!followed) return;
  if ($visitDay.get().status === 'failed') $visitDay.set({ status: 'loading' });
  followed.follower.retryNow();
}

/** «رسیدم»: tells the clinic the patient has arrived; the queue's state follows from the server. */
export async function checkInVisit(): Promise<void> {
  const shown = $visitDay.get();
  if (!followed || shown.status !== 'ready' || $checkIn.get().status === 'sending') return;
  const { key } = followed;
  $checkIn.set({ status: 'sending' });
  try {
    const { data } = await checkInAppointment(key);
    const current = $visitDay.get();
    if (current.status === 'ready' && followed?.key === key) {
      const queue: PatientQueue = {
        ...current.queue,
        checked_in_at: data.checked_in_at,
        can_check_in: false,
        status: current.queue.status === 'waiting' ? 'checked_in' : current.queue.status,
      };
      showState(key, queue);
    }
    $checkIn.set({ status: 'idle' });
  } catch (error) {
    const { status, data } = error as { status?: number; data?: unknown };
    $checkIn.set(status === 409 || status === 406 ? { status: 'refused', message: readErrorEnvelope(data).message } : { status: 'idle' });
  }
}

/** What changed between two states that a listener should hear about (not the clock's ticks). */
export type QueueChange = 'ahead' | 'status' | 'delay' | 'session';

export function changesWorthTelling(before: PatientQueue | undefined, after: PatientQueue): QueueChange[] {
  if (!before) return [];
  const changes: QueueChange[] = [];
  if (before.status !== after.status) changes.push('status');
  if (before.ahead !== after.ahead && (after.status === 'waiting' || after.status === 'checked_in')) changes.push('ahead');
  if (before.delay_minutes !== after.delay_minutes) changes.push('delay');
  if (before.session !== after.session) changes.push('session');
  return changes;
}
