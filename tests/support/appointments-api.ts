import type { Appointment, SlotDay, SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import { newIp, post } from './portal-api.ts';
import type { RunningServer } from './server.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The error envelope, or a success with `data` (and `meta` on lists). */
export interface Envelope<T = unknown> {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: T;
  meta?: Record<string, unknown>;
}

export const envelope = async <T>(response: Response) => (await response.json()) as Envelope<T>;

/** GETs a portal path with the patient's bearer token (and a client address of its own). */
export function getAs(server: RunningServer, path: string, token?: string, ip?: string): Promise<Response> {
  return fetch(new URL(path, server.url), {
    redirect: 'manual',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
  });
}

/** `GET /api/appointments/slots` for `days` days from today (each call from a fresh address: the route limits per address). */
export async function slotsOf(server: RunningServer, doctorId: string, days = 31): Promise<SlotsAnswer> {
  const response = await getAs(server, `/api/appointments/slots?doctor_id=${doctorId}&days=${days}`, undefined, newIp());
  if (response.status !== 200) throw new Error(`slots of ${doctorId} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SlotsAnswer;
}

/**
 * The doctor's free starts at least `minHours` ahead (default 48: outside the free-cancellation
 * window, so the tests may cancel and reschedule), grouped by Tehran day, earliest first.
 */
export async function freeDays(server: RunningServer, doctorId: string, minHours = 48): Promise<SlotDay[]> {
  const earliest = Date.now() + minHours * HOUR_MS;
  const { data } = await slotsOf(server, doctorId);
  return data.map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.available && Date.parse(slot.start) >= earliest) })).filter((day) => day.slots.length > 0);
}

/** The doctor's free starts at least `minHours` ahead, earliest first. */
export async function freeStarts(server: RunningServer, doctorId: string, minHours = 48): Promise<string[]> {
  return (await freeDays(server, doctorId, minHours)).flatMap((day) => day.slots.map((slot) => slot.start));
}

/**
 * `POST /api/appointments/hold`, each from an address of its own: open holds are limited per
 * address (HOLD_LIMIT_PER_ADDRESS), which tests/api/hold-hoarding.test.ts tests, not every test of a file together.
 */
export function hold(server: RunningServer, token: string | undefined, body: unknown): Promise<Response> {
  return post(server, 'appointments/hold', body, { ...(token ? { token } : {}), ip: newIp() });
}

/** Holds `start` of `doctorId` for the caller; fails the test unless 201. */
export async function holdOk(server: RunningServer, token: string, doctorId: string, start: string): Promise<Appointment> {
  const response = await hold(server, token, { doctor_id: doctorId, start });
  if (response.status !== 201) throw new Error(`hold answered ${response.status}: ${await response.text()}`);
  return (await envelope<Appointment>(response)).data!;
}

/** Holds and pays from the wallet (which must cover the fee); answers the confirmed appointment. */
export async function bookWithWallet(server: RunningServer, token: string, doctorId: string, start: string): Promise<Appointment> {
  const held = await holdOk(server, token, doctorId, start);
  const paid = await post(server, `appointments/${held.key}/pay`, { use_wallet: true }, { token });
  const body = await envelope<{ status: string; appointment: Appointment }>(paid);
  if (paid.status !== 200 || body.data?.status !== 'confirmed') throw new Error(`pay answered ${paid.status}: ${JSON.stringify(body)}`);
  return body.data.appointment;
}

/** The caller's wallet: balance, available and held rials. */
export async function walletOf(server: RunningServer, token: string): Promise<{ balance: number; available: number; held: number }> {
  return (await envelope<{ balance: number; available: number; held: number }>(await getAs(server, '/api/wallet', token))).data!;
}
