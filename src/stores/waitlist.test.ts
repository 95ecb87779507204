import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinedWaitlist, WaitlistEntry, WaitlistOffer } from '#lib/api/contracts/waitlist.ts';

/**
 * The waitlist stores (the list, and joining) against a mocked `fetch` (the real client module in between, so the
 * paths, methods and bodies are the ones the browser sends): load, join, leave, accept, decline, the
 * login popup before joining, and the countdown of a live offer. Each test loads the store afresh.
 */

const popup = vi.hoisted(() => ({ openLogin: vi.fn() }));
vi.mock('#client/login-popup.ts', () => popup);
// The error policy's toasts need a page; here they are only counted.
const toasts = vi.hoisted(() => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('#client/toasts.ts', () => toasts);

type Store = typeof import('./waitlist.ts');
type Join = typeof import('./waitlist-join.ts');
type Auth = typeof import('#client/state/auth.ts');
type Modals = typeof import('#client/state/modals.ts');
let store: Store;
let join: Join;
let auth: Auth;
let modals: Modals;

const NOW = Date.parse('2026-11-27T10:00:00.000Z');

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}
let calls: Call[];
let answers: Array<{ status: number; body: unknown }>;

/** Answers the next calls in order, as the API would. */
function answer(status: number, body: unknown) {
  answers.push({ status, body });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function offer(overrides: Partial<WaitlistOffer> = {}): WaitlistOffer {
  return {
    start: '2026-12-02T05:30:00.000Z',
    end: '2026-12-02T05:45:00.000Z',
    expires_at: new Date(NOW + 90_000).toISOString(),
    appointment_key: 'AP-OFFER1',
    status: 'live',
    turn: 4,
    clinic_id: 'women',
    clinic_name: 'درمانگاه زنان',
    fee: 2_500_000,
    ...overrides,
  };
}

function entry(key: string, overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    key,
    doctor_id: 'maryam-karimi',
    doctor_name: 'مریم کریمی',
    from: '2026-11-28',
    to: '2026-12-12',
    part_of_day: 'any',
    status: 'waiting',
    position: 2,
    patient: { first_name: 'مینا', last_name: 'رحیمی', self: true },
    joined_at: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  popup.openLogin.mockClear();
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), 'https://portal.test');
      const headers = new Headers(init.headers);
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, authorization: headers.get('Authorization') });
      const next = answers.shift();
      if (!next) throw new Error(`no answer left for ${init.method} ${url.pathname}`);
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  auth = await import('#client/state/auth.ts');
  modals = await import('#client/state/modals.ts');
  store = await import('./waitlist.ts');
  join = await import('./waitlist-join.ts');
  auth.$token.set('token-1');
});

afterEach(() => {
  auth.$token.set(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Watches the list as a page does, which loads it; answers the first load with `entries`. */
async function watched(entries: WaitlistEntry[]): Promise<() => void> {
  answer(200, { success: true, data: entries });
  const stop = store.$waitlist.listen(() => {});
  await settle();
  expect(store.$waitlist.get()).toEqual({ status: 'ready', data: entries });
  return stop;
}

describe('the waitlist store', () => {
  it('loads the caller’s entries with the bearer token once something watches them', async () => {
    expect(calls).toEqual([]);
    const stop = await watched([entry('WL-AAAAA1')]);
    expect(calls).toEqual([{ method: 'GET', path: '/api/waitlist', body: undefined, authorization: 'Bearer token-1' }]);
    stop();
  });

  it('a failed load shows «failed», and a retry shows the list', async () => {
    answer(500, { success: false, message: 'خطا' });
    const stop = store.$waitlist.listen(() => {});
    await settle();
    expect(store.$waitlist.get()).toEqual({ status: 'failed' });
    answer(200, { success: true, data: [] });
    await store.loadWaitlist();
    expect(store.$waitlist.get()).toEqual({ status: 'ready', data: [] });
    stop();
  });

  it('joins: the body as the contract has it, the new entry first in the list, the form closed once shown', async () => {
    const stop = await watched([entry('WL-AAAAA1', { doctor_id: 'other', status: 'expired', position: undefined })]);
    join.askToJoin({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
    expect(join.$joining.get()).toEqual({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });

    const joined = entry('WL-BBBBB2', { position: 3 }) as JoinedWaitlist;
    answer(201, { success: true, data: joined });
    answer(200, { success: true, data: [joined] });
    const body = {
      doctor_id: 'maryam-karimi',
      from: '2026-11-28',
      to: '2026-12-12',
      part_of_day: 'morning' as const,
      for: { first_name: 'سارا', last_name: 'رحیمی', international_code: '0012345679' },
    };
    await expect(store.joinWaitlist(body)).resolves.toEqual(joined);
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/waitlist', body, authorization: 'Bearer token-1' });
    // Shown at once, then read again (the places of the others may have moved).
    const shown = store.$waitlist.get();
    expect(shown.status === 'ready' && shown.data.map((row) => row.key)).toEqual(['WL-BBBBB2', 'WL-AAAAA1']);
    await settle();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
    join.showJoined(joined);
    expect(join.$joining.get()).toBeUndefined();
    expect(join.$joined.get()).toEqual(joined);
    stop();
  });

  it('a refused join (already waiting) rejects with the server’s message and keeps the form open', async () => {
    join.askToJoin({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
    answer(409, { success: false, message: 'شما در فهرست انتظار این پزشک هستید.' });
    const failed = store.joinWaitlist({ doctor_id: 'maryam-karimi', from: '2026-11-28', to: '2026-12-12', part_of_day: 'any' });
    await expect(failed).rejects.toMatchObject({ status: 409, data: { message: 'شما در فهرست انتظار این پزشک هستید.' } });
    expect(join.$joining.get()).toEqual({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
    expect(join.$joined.get()).toBeUndefined();
    // Told beside the form, not as a toast too.
    expect(toasts.notify.error).not.toHaveBeenCalled();
  });

  it('logged out, the login popup comes first and the form opens once someone logs in', () => {
    auth.$token.set(undefined);
    join.askToJoin({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
    expect(popup.openLogin).toHaveBeenCalledTimes(1);
    expect(join.$joining.get()).toBeUndefined();
    auth.$token.set('token-2');
    expect(join.$joining.get()).toEqual({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
  });

  it('logged out, closing the popup without a login drops the request', () => {
    auth.$token.set(undefined);
    join.askToJoin({ doctorId: 'maryam-karimi', doctorName: 'مریم کریمی' });
    modals.openOnlyModal('login-phone');
    modals.closeAllModals();
    auth.$token.set('token-2');
    expect(join.$joining.get()).toBeUndefined();
  });

  it('leaves: DELETE on the entry, shown as left with no place in line', async () => {
    const stop = await watched([entry('WL-AAAAA1')]);
    answer(200, { success: true, data: { status: 'left' } });
    answer(200, { success: true, data: [entry('WL-AAAAA1', { status: 'left', position: undefined })] });
    const leaving = store.leaveWaitlistEntry('WL-AAAAA1');
    await leaving;
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/waitlist/WL-AAAAA1' });
    const shown = store.$waitlist.get();
    expect(shown.status === 'ready' && shown.data[0]).toMatchObject({ key: 'WL-AAAAA1', status: 'left' });
    expect(shown.status === 'ready' && shown.data[0]?.position).toBeUndefined();
    await settle();
    stop();
  });

  it('accepts an offer: the hold’s pay step is the booking page of that appointment', async () => {
    const offered = entry('WL-AAAAA1', { status: 'offered', position: undefined, offer: offer() });
    const stop = await watched([offered]);
    const hold = { appointment_key: 'AP-OFFER1', status: 'held', expires_at: new Date(NOW + 600_000).toISOString(), start: offer().start, fee: 2_500_000 };
    answer(200, { success: true, data: hold });
    await expect(store.acceptOffer(offered)).resolves.toEqual({ accepted: hold, payAt: '/appointment/pre-reserve/maryam-karimi?appointment=AP-OFFER1' });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/waitlist/WL-AAAAA1/accept' });
    const shown = store.$waitlist.get();
    expect(shown.status === 'ready' && shown.data[0]?.offer).toMatchObject({ status: 'accepted', expires_at: hold.expires_at });
    stop();
  });

  it('accepting a lapsed offer rejects (409) and reads the entries again', async () => {
    const offered = entry('WL-AAAAA1', { status: 'offered', position: undefined, offer: offer() });
    const stop = await watched([offered]);
    answer(409, { success: false, message: 'مهلت این نوبت تمام شده است.' });
    answer(200, { success: true, data: [entry('WL-AAAAA1', { status: 'waiting', position: 1 })] });
    await expect(store.acceptOffer(offered)).rejects.toMatchObject({ status: 409 });
    await settle();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/waitlist', 'POST /api/waitlist/WL-AAAAA1/accept', 'GET /api/waitlist']);
    expect(store.$waitlist.get()).toEqual({ status: 'ready', data: [entry('WL-AAAAA1', { status: 'waiting', position: 1 })] });
    stop();
  });

  it('declines, staying in line or leaving too', async () => {
    const stop = await watched([entry('WL-AAAAA1', { status: 'offered', offer: offer() }), entry('WL-BBBBB2', { status: 'offered', offer: offer({ appointment_key: 'AP-OFFER2' }) })]);
    answer(200, { success: true, data: { status: 'waiting' } });
    answer(200, { success: true, data: [] });
    await expect(store.declineOffer('WL-AAAAA1', false)).resolves.toBe('waiting');
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/waitlist/WL-AAAAA1/decline', body: { leave: false } });
    await settle();

    answer(200, { success: true, data: { status: 'left' } });
    answer(200, { success: true, data: [] });
    const declining = store.declineOffer('WL-BBBBB2', true);
    await expect(declining).resolves.toBe('left');
    expect(calls[3]).toMatchObject({ method: 'POST', path: '/api/waitlist/WL-BBBBB2/decline', body: { leave: true } });
    await settle();
    stop();
  });

  it('counts a live offer down once a second, and reads the entries again once it runs out', async () => {
    const stop = await watched([entry('WL-AAAAA1', { status: 'offered', offer: offer({ expires_at: new Date(NOW + 2_500).toISOString() }) }), entry('WL-BBBBB2')]);
    const seen: number[] = [];
    const stopCountdown = store.$offerSecondsLeft.subscribe((left) => {
      if (left['WL-AAAAA1'] !== undefined && seen.at(-1) !== left['WL-AAAAA1']) seen.push(left['WL-AAAAA1']);
    });
    expect(store.$offerSecondsLeft.get()).toEqual({ 'WL-AAAAA1': 3 });
    answer(200, { success: true, data: [entry('WL-AAAAA1', { status: 'waiting', position: 1 })] });
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([3, 2, 1, 0]);
    // Run out: the server has passed the slot on; the entry is read again, once.
    await settle();
    expect(calls).toHaveLength(2);
    expect(store.$offerSecondsLeft.get()).toEqual({});
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(2);
    stopCountdown();
    stop();
  });

  it('the clock stops when nothing shows a countdown', async () => {
    const stopCountdown = store.$now.listen(() => {});
    expect(vi.getTimerCount()).toBe(1);
    stopCountdown();
    // nanostores unmounts a store a second after its last listener leaves (a real timeout here).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(vi.getTimerCount()).toBe(0);
  });
});
