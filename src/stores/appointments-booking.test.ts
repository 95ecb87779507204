import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment, AppointmentStatus } from '#lib/api/contracts/appointments.ts';

/**
 * The pre-reserve page's steps with the API mocked: choose a slot → hold → pay from the wallet
 * (confirmed) or at the bank (and back), a lapsed hold (expired), a taken slot, and the login in
 * between. Each test loads the store afresh, as a page load does.
 */

const api = vi.hoisted(() => ({
  fetchSlots: vi.fn(),
  holdSlot: vi.fn(),
  fetchAppointment: vi.fn(),
  payAppointment: vi.fn(),
  fetchCalendar: vi.fn(),
}));
const popup = vi.hoisted(() => ({ openLogin: vi.fn() }));
const wallet = vi.hoisted(() => ({ loadWallet: vi.fn(async () => {}) }));

vi.mock('#client/api/appointments.ts', () => api);
vi.mock('#client/login-popup.ts', () => popup);
vi.mock('#client/api/client.ts', () => ({ NotAuthenticatedError: class NotAuthenticatedError extends Error {} }));
vi.mock('./wallet.ts', () => wallet);

type Booking = typeof import('./appointments-booking.ts');
type Auth = typeof import('#client/state/auth.ts');
type Modals = typeof import('#client/state/modals.ts');
let booking: Booking;
let auth: Auth;
let modals: Modals;
// Loaded afresh with the store (each test resets the modules), so the store's failure reader knows it.
let FetchError: typeof import('#lib/api/fetch-error.ts').FetchError;

const DOCTOR = 'dr-1';
const START = '2026-12-01T05:30:00.000Z';
const OTHER_START = '2026-12-01T06:00:00.000Z';
const PAGE = `https://portal.test/appointment/reserve/${DOCTOR}`;

function appointment(status: AppointmentStatus, key = 'AP-1'): Appointment {
  return {
    key,
    status,
    doctor_id: DOCTOR,
    clinic_id: 'c-1',
    start: START,
    end: '2026-12-01T05:45:00.000Z',
    turn: 3,
    fee: 2_000_000,
    paid_from_wallet: 0,
    paid_by_bank: 0,
    patient: {} as Appointment['patient'],
    can_cancel: status === 'confirmed',
    refund_if_cancelled: 0,
    can_reschedule: false,
    cancel_until: '2026-11-30T05:30:00.000Z',
    calendar_sequence: 0,
    created_at: '2026-11-26T15:50:00.000Z',
    doctor: {} as Appointment['doctor'],
    clinic: {} as Appointment['clinic'],
    ...(status === 'held' || status === 'awaiting_payment' ? { expires_at: '2026-11-26T16:10:00.000Z' } : {}),
  };
}

function slotsAnswer(...free: string[]) {
  return {
    success: true,
    data: [{ date: '2026-12-01', slots: [START, OTHER_START].map((start) => ({ start, available: free.includes(start) })) }],
    meta: { doctor_id: DOCTOR, from: '2026-11-26', days: 14, fee: 2_000_000, cancel_free_hours: 24, hold_minutes: 15 },
  };
}

/** A refused call as the API client rejects it: the status and the API's envelope. */
function refusal(status: number, data: unknown): Error {
  return new FetchError('refused', { response: new Response(null, { status }), data });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The address, history and session storage of the page, for the store that runs under Node here. */
function fakePage(href = PAGE) {
  const location = { href, assign: vi.fn() };
  const storage = new Map<string, string>();
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_state: unknown, _title: string, url: URL | string) => {
      location.href = String(url);
    },
  });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  return location;
}

const appointmentInAddress = (location: { href: string }) => new URL(location.href).searchParams.get('appointment');

beforeEach(async () => {
  vi.resetModules();
  for (const mock of [...Object.values(api), popup.openLogin, wallet.loadWallet]) mock.mockClear();
  api.fetchSlots.mockResolvedValue(slotsAnswer(START, OTHER_START));
  auth = await import('#client/state/auth.ts');
  modals = await import('#client/state/modals.ts');
  booking = await import('./appointments-booking.ts');
  ({ FetchError } = await import('#lib/api/fetch-error.ts'));
  auth.$token.set('token');
});

afterEach(() => {
  auth.$token.set(undefined);
  vi.unstubAllGlobals();
});

describe('the booking steps', () => {
  it('choose → hold → pay from the wallet → confirmed', async () => {
    const location = fakePage();
    const stop = booking.startBooking(DOCTOR);
    await settle();
    expect(booking.$view.get()).toEqual({ step: 'choose' });
    expect(booking.$slots.get()).toMatchObject({ status: 'ready', fee: 2_000_000, window: booking.FIRST_DAYS, cancelFreeHours: 24, holdMinutes: 15 });

    booking.chooseSlot(START);
    api.holdSlot.mockResolvedValue({ success: true, data: appointment('held') });
    await booking.hold(START, undefined);
    expect(api.holdSlot).toHaveBeenCalledWith({ doctor_id: DOCTOR, start: START });
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('held') });
    expect(booking.$chosen.get()).toBeUndefined();
    expect(appointmentInAddress(location)).toBe('AP-1');
    // The wallet's store loads on demand once a slot is held.
    await vi.waitFor(() => expect(wallet.loadWallet).toHaveBeenCalledTimes(1));

    api.payAppointment.mockResolvedValue({ success: true, data: { status: 'confirmed', key: 'AP-1', appointment: appointment('confirmed') } });
    await booking.pay(true);
    expect(api.payAppointment).toHaveBeenCalledWith('AP-1', { use_wallet: true });
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('confirmed') });
    await vi.waitFor(() => expect(wallet.loadWallet).toHaveBeenCalledTimes(2));
    expect(location.assign).not.toHaveBeenCalled();
    stop();
  });

  it('pay at the bank: off to the bank, and the page it returns to opens the appointment from the address', async () => {
    const location = fakePage();
    booking.startBooking(DOCTOR)();
    api.holdSlot.mockResolvedValue({ success: true, data: appointment('held') });
    await booking.hold(START, undefined);

    const bank = 'https://portal.test/go-to-bank/PAY-1';
    api.payAppointment.mockResolvedValue({ success: true, data: { status: 'awaiting_payment', key: 'AP-1', payment_id: 'PAY-1', redirect_url: bank, amount: 2_000_000 } });
    await booking.pay(false);
    expect(api.payAppointment).toHaveBeenCalledWith('AP-1', { use_wallet: false });
    expect(location.assign).toHaveBeenCalledWith(bank);
    expect(booking.$view.get()).toMatchObject({ step: 'appointment', appointment: { status: 'held' } });

    // Back from the bank: a new page load with the key in the address.
    vi.resetModules();
    booking = await import('./appointments-booking.ts');
    fakePage(`${PAGE}?appointment=AP-1`);
    const answer = deferred<unknown>();
    api.fetchAppointment.mockReturnValue(answer.promise);
    const stop = booking.startBooking(DOCTOR);
    expect(booking.$view.get()).toEqual({ step: 'opening', key: 'AP-1' });
    answer.resolve({ success: true, data: appointment('confirmed') });
    await settle();
    expect(api.fetchAppointment).toHaveBeenCalledWith('AP-1');
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('confirmed') });
    stop();
  });

  it('expired: paying a lapsed hold is refused (409) and the page shows the appointment as it is now', async () => {
    fakePage();
    const stop = booking.startBooking(DOCTOR);
    api.holdSlot.mockResolvedValue({ success: true, data: appointment('held') });
    await booking.hold(START, undefined);

    const lapsed = refusal(409, { success: false, message: 'مهلت پرداخت تمام شده است' });
    api.payAppointment.mockRejectedValue(lapsed);
    api.fetchAppointment.mockResolvedValue({ success: true, data: appointment('expired') });
    await expect(booking.pay(true)).rejects.toBe(lapsed);
    await settle();
    expect(api.fetchAppointment).toHaveBeenCalledWith('AP-1');
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('expired') });
    stop();
  });

  it('the countdown ran out: a refresh reads the appointment again and keeps the step on screen meanwhile', async () => {
    fakePage();
    const stop = booking.startBooking(DOCTOR);
    api.holdSlot.mockResolvedValue({ success: true, data: appointment('held') });
    await booking.hold(START, undefined);
    const answer = deferred<unknown>();
    api.fetchAppointment.mockReturnValue(answer.promise);
    const refreshing = booking.refreshAppointment();
    expect(booking.$view.get()).toMatchObject({ step: 'appointment', appointment: { status: 'held' } });
    answer.resolve({ success: true, data: appointment('expired') });
    await refreshing;
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('expired') });
    stop();
  });

  it('a taken slot (409): the message and the alternatives, the choice dropped and the slots read again', async () => {
    fakePage();
    const stop = booking.startBooking(DOCTOR);
    await settle();
    api.fetchSlots.mockClear();
    api.holdSlot.mockRejectedValue(refusal(409, { success: false, message: 'این نوبت گرفته شد', data: { alternatives: [OTHER_START] } }));
    expect(await booking.hold(START, undefined)).toBeUndefined();
    expect(booking.$refusal.get()).toEqual({ message: 'این نوبت گرفته شد', alternatives: [OTHER_START], patient: undefined });
    expect(booking.$chosen.get()).toBeUndefined();
    expect(booking.$view.get()).toEqual({ step: 'choose' });
    expect(api.fetchSlots).toHaveBeenCalledWith({ doctor_id: DOCTOR, days: booking.FIRST_DAYS });
    expect(booking.$holding.get()).toBe(false);
    stop();
  });

  it('another refusal is handed back to the form (the error policy shows it)', async () => {
    fakePage();
    const stop = booking.startBooking(DOCTOR);
    const invalid = refusal(422, { success: false, message: 'نامعتبر', errors: { start: ['نامعتبر'] } });
    api.holdSlot.mockRejectedValue(invalid);
    expect(await booking.hold(START, undefined)).toBe(invalid);
    expect(booking.$view.get()).toEqual({ step: 'choose' });
    stop();
  });
});

describe('the login in between', () => {
  it('a hold asked for while logged out opens the login popup and is made right after the login', async () => {
    fakePage();
    auth.$token.set(undefined);
    const stop = booking.startBooking(DOCTOR);
    await booking.hold(START, undefined);
    expect(popup.openLogin).toHaveBeenCalledTimes(1);
    expect(api.holdSlot).not.toHaveBeenCalled();
    expect(booking.$chosen.get()).toBe(START);

    api.holdSlot.mockResolvedValue({ success: true, data: appointment('held') });
    auth.$token.set('token');
    await settle();
    expect(api.holdSlot).toHaveBeenCalledWith({ doctor_id: DOCTOR, start: START });
    expect(booking.$view.get()).toMatchObject({ step: 'appointment', appointment: { status: 'held' } });
    stop();
  });

  it('the popup closed without a login: no hold follows a later login', async () => {
    fakePage();
    auth.$token.set(undefined);
    const stop = booking.startBooking(DOCTOR);
    await booking.hold(START, undefined);
    modals.openOnlyModal('login-phone');
    modals.closeAllModals();
    auth.$token.set('token');
    await settle();
    expect(api.holdSlot).not.toHaveBeenCalled();
    stop();
  });

  it('an appointment in the address while logged out waits for the login, then opens', async () => {
    fakePage(`${PAGE}?appointment=AP-1`);
    auth.$token.set(undefined);
    const stop = booking.startBooking(DOCTOR);
    expect(booking.$view.get()).toEqual({ step: 'login', key: 'AP-1' });
    api.fetchAppointment.mockResolvedValue({ success: true, data: appointment('awaiting_payment') });
    auth.$token.set('token');
    await settle();
    expect(booking.$view.get()).toEqual({ step: 'appointment', appointment: appointment('awaiting_payment') });
    stop();
  });

  it('a chosen slot survives a reload of the page (session storage)', async () => {
    fakePage();
    booking.startBooking(DOCTOR)();
    booking.chooseSlot(OTHER_START);
    vi.resetModules();
    booking = await import('./appointments-booking.ts');
    const stop = booking.startBooking(DOCTOR);
    expect(booking.$chosen.get()).toBe(OTHER_START);
    stop();
  });
});

describe('back to the slots', () => {
  it('drops the key from the address, and a late answer of the appointment does not bring its step back', async () => {
    const location = fakePage(`${PAGE}?appointment=AP-1`);
    const answer = deferred<unknown>();
    api.fetchAppointment.mockReturnValue(answer.promise);
    const stop = booking.startBooking(DOCTOR);
    booking.chooseAgain();
    expect(appointmentInAddress(location)).toBeNull();
    answer.resolve({ success: true, data: appointment('held') });
    await settle();
    expect(booking.$view.get()).toEqual({ step: 'choose' });
    expect(booking.$refusal.get()).toBeUndefined();
    stop();
  });
});
