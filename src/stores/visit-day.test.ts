import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';

/**
 * The visit-day store with the API mocked and a page's window faked: what the page shows from the
 * stream, what it keeps on the device, and what a reload without network shows from it.
 */

const KEY = 'AP-ABC123';

const queue = (ahead: number, extra: Partial<PatientQueue> = {}): PatientQueue => ({
  date: toTehranIsoDate(new Date()),
  session: 'running',
  number: 4,
  ahead,
  delay_minutes: 20,
  status: 'waiting',
  can_check_in: true,
  check_in_opens_at: new Date(Date.now() - 3_600_000).toISOString(),
  pace_minutes: 15,
  pace_observed: false,
  as_of: new Date().toISOString(),
  start: new Date(Date.now() + 1_800_000).toISOString(),
  doctor_name: 'دکتر نمونه',
  place: { clinic: 'درمانگاه زنان', building: 'ساختمان اصلی', floor: 'طبقهٔ ۲' },
  ...extra,
});

const api = {
  openQueueStream: vi.fn<(key: string, signal: AbortSignal) => Promise<Response>>(),
  pollQueue: vi.fn<(key: string) => Promise<{ data: PatientQueue }>>(),
  fetchQueue: vi.fn(),
  checkInAppointment: vi.fn(),
};
vi.mock('#client/api/queue.ts', () => api);
vi.mock('#client/api/appointments.ts', () => ({ fetchAppointment: () => Promise.reject(new Error('not needed here')) }));

type Store = typeof import('./visit-day.ts');

/** A live stream that sends `states` and stays open until aborted. */
function streamOf(states: PatientQueue[], signal: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const state of states) controller.enqueue(new TextEncoder().encode(`event: queue\ndata: ${JSON.stringify(state)}\n\n`));
      signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200 });
}

/** localStorage of the device, kept across the "reloads" below (each a fresh import of the modules). */
let storage: Record<string, string>;

function pageAt(search: string, accountId: number) {
  storage.token = 'token';
  storage.user = JSON.stringify({ id: accountId, first_name: 'سارا', last_name: 'نمونه' });
  const events = new EventTarget();
  vi.stubGlobal('location', { search, pathname: '/patient-profile/services' });
  vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
  vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events));
  // The persistent stores' module lives outside Vitest's module reset: point it at this device.
  setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
}

/** Opens the view as a fresh page load would: new modules, the device's storage as it is. */
async function open(search = `?visit=${KEY}`, accountId = 7): Promise<{ store: Store; close: () => void }> {
  vi.resetModules();
  pageAt(search, accountId);
  const store = await import('./visit-day.ts');
  const close = store.$visitDay.listen(() => {});
  return { store, close };
}

beforeEach(() => {
  storage = {};
  for (const mock of Object.values(api)) mock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visit-day store', () => {
  it('shows the live state, keeps it on the device, and a reload without network shows it marked as the last known', async () => {
    api.openQueueStream.mockImplementation((_key, signal) => Promise.resolve(streamOf([queue(2), queue(1)], signal)));
    const online = await open();
    await vi.waitFor(() => expect(online.store.$visitDay.get()).toMatchObject({ status: 'ready', saved: false, queue: { ahead: 1 } }));
    expect(online.store.$visitConnection.get()).toBe('live');
    expect(api.openQueueStream.mock.calls[0]![0]).toBe(KEY);
    online.close();

    api.openQueueStream.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    api.pollQueue.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await open();
    expect(offline.store.$visitDay.get()).toMatchObject({ status: 'ready', saved: true, queue: { ahead: 1, number: 4 } });
    await vi.waitFor(() => expect(offline.store.$visitConnection.get()).toBe('offline'));
    expect(offline.store.$visitDay.get()).toMatchObject({ status: 'ready', saved: true, queue: { ahead: 1 } });
    offline.close();
  });

  it('never shows one person’s saved visit to another person on the same device', async () => {
    api.openQueueStream.mockImplementation((_key, signal) => Promise.resolve(streamOf([queue(1)], signal)));
    const mine = await open();
    await vi.waitFor(() => expect(mine.store.$visitDay.get()).toMatchObject({ status: 'ready' }));
    mine.close();

    api.openQueueStream.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    api.pollQueue.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const someoneElse = await open(`?visit=${KEY}`, 8);
    expect(someoneElse.store.$visitDay.get()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect(someoneElse.store.$visitDay.get()).toEqual({ status: 'failed' }));
    someoneElse.close();
  });

  it('shows the server’s sentence when the visit is not today, and forgets what it kept of it', async () => {
    api.openQueueStream.mockImplementation((_key, signal) => Promise.resolve(streamOf([queue(1)], signal)));
    const before = await open();
    await vi.waitFor(() => expect(before.store.$visitDay.get()).toMatchObject({ status: 'ready' }));
    before.close();

    const message = 'صف نوبت فقط در روز ویزیت نشان داده می‌شود؛ این نوبت برای امروز نیست';
    api.openQueueStream.mockImplementation(() => Promise.resolve(Response.json({ success: false, message }, { status: 409 })));
    const after = await open();
    await vi.waitFor(() => expect(after.store.$visitDay.get()).toEqual({ status: 'refused', message }));
    expect(JSON.parse(storage.visit_day ?? '{}')).not.toHaveProperty(KEY);
    after.close();
  });

  it('says why the stream ended when the visit is gone (cancelled at the desk)', async () => {
    const message = 'این نوبت لغو شده است و در صف امروز نیست';
    api.openQueueStream.mockImplementation(() => {
      const frames = `event: queue\ndata: ${JSON.stringify(queue(1))}\n\nevent: end\ndata: ${JSON.stringify({ message })}\n\n`;
      return Promise.resolve(new Response(frames, { status: 200 }));
    });
    api.pollQueue.mockImplementation(() => Promise.reject(Object.assign(new Error('Conflict'), { status: 409, data: { success: false, message } })));
    const { store, close } = await open();
    await vi.waitFor(() => expect(store.$visitDay.get()).toEqual({ status: 'refused', message }));
    expect(store.$visitConnection.get()).toBe('ended');
    close();
  });

  it('takes only an appointment key from the address', async () => {
    const { store, close } = await open('?visit=../../wallet');
    expect(store.readVisitKey('?visit=ap-abc123')).toBe(KEY);
    expect(store.$visitDay.get()).toEqual({ status: 'refused', message: undefined });
    expect(api.openQueueStream).not.toHaveBeenCalled();
    close();
  });

  it('tells a listener about the place, the call, the delay and the session, not about new estimates', async () => {
    const { store, close } = await open('');
    const { changesWorthTelling } = store;
    const before = queue(2);
    expect(changesWorthTelling(undefined, before)).toEqual([]);
    expect(changesWorthTelling(before, { ...before, as_of: new Date(Date.now() + 5000).toISOString(), estimated_at: new Date().toISOString() })).toEqual([]);
    expect(changesWorthTelling(before, { ...before, ahead: 1 })).toEqual(['ahead']);
    expect(changesWorthTelling(before, { ...before, ahead: 0, status: 'called' })).toEqual(['status']);
    expect(changesWorthTelling(before, { ...before, delay_minutes: 35 })).toEqual(['delay']);
    expect(changesWorthTelling(before, { ...before, session: 'paused' })).toEqual(['session']);
    close();
  });
});
