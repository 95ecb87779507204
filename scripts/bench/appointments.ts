/**
 * What the appointments bench prepares before the load: registered patients
 * with their tokens, every free slot of every doctor, and the 100-way race for one slot.
 */

import type { SlotsAnswer } from '../../src/lib/api/contracts/appointments.ts';
import { readCatalogue } from '../../src/server/catalogue/index.ts';
import { nationalCode, registerPatient } from '../../tests/support/portal-api.ts';
import type { RunningServer } from '../../tests/support/server.ts';
import type { LoadRequest } from './load.ts';

/** The doctor whose 14 days of slots are read under load. */
export const SLOTS_DOCTOR = 'zahra-bagheri';

/** The address patient `i` of preparePatients registered from. */
const patientAddress = (i: number) => `10.254.${i >> 8}.${i & 255}`;

/** `count` fresh patients' bearer tokens, each registered from its own address (the login limits count per address). */
export async function preparePatients(server: RunningServer, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 500_000 + i;
    const { token } = await registerPatient(server, {
      phone: `0936${String(1_000_000 + i)}`,
      ip: patientAddress(i),
      firstName: 'سنجش',
      lastName: 'نوبت',
      internationalCode: nationalCode(n),
    });
    tokens.push(token);
  }
  return tokens;
}

/** Every free slot of every doctor in the booking window: `[doctor_id, start]`, doctor by doctor. */
export async function freeSlots(server: RunningServer): Promise<Array<[string, string]>> {
  const slots: Array<[string, string]> = [];
  let address = 0;
  for (const doctorId of readCatalogue('src/content').doctors.keys()) {
    const response = await fetch(new URL(`/api/appointments/slots?doctor_id=${doctorId}&days=31`, server.url), {
      headers: { 'X-Forwarded-For': `10.253.0.${++address & 255}` },
    });
    if (response.status !== 200) throw new Error(`slots of ${doctorId} answered ${response.status}`);
    const { data } = (await response.json()) as SlotsAnswer;
    for (const slot of data.flatMap((day) => day.slots)) if (slot.available) slots.push([doctorId, slot.start]);
  }
  return slots;
}

export interface RaceResult {
  holds: number;
  settledMs: number;
  statusCodes: Record<string, number>;
}

/** Every token holds one slot at once; how long until all have their answer, and the answers' statuses. */
export async function raceForOneSlot(server: RunningServer, tokens: string[], [doctorId, start]: [string, string]): Promise<RaceResult> {
  const body = JSON.stringify({ doctor_id: doctorId, start });
  const started = performance.now();
  const statuses = await Promise.all(
    tokens.map(async (token) => {
      const response = await fetch(new URL('/api/appointments/hold', server.url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const settledMs = performance.now() - started;
  const statusCodes: Record<string, number> = {};
  for (const status of statuses) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  return { holds: tokens.length, settledMs: Math.round(settledMs), statusCodes };
}

/** `GET /api/appointments/slots` of one doctor for 14 days, each request from its own address (the route limits per address). */
export function slotsRequests(): LoadRequest {
  let counter = 0;
  return {
    method: 'GET',
    path: `/api/appointments/slots?doctor_id=${SLOTS_DOCTOR}&days=14`,
    headers: {},
    perRequest: () => {
      const n = counter++;
      return { headers: { 'X-Forwarded-For': `10.${128 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}` } };
    },
  };
}

/**
 * `POST /api/appointments/hold`, round robin over the patients and the free slots. With the slot
 * count a multiple of the patient count, a slot comes round again only to the patient who held it
 * last, who has moved on since (a new hold releases the account's earlier one): so nearly every
 * hold finds its slot free, as a real patient's would.
 */
export function holdRequests(tokens: string[], slots: Array<[string, string]>): LoadRequest {
  const usable = slots.slice(0, Math.floor(slots.length / tokens.length) * tokens.length);
  if (usable.length === 0) throw new Error(`fewer free slots (${slots.length}) than patients (${tokens.length})`);
  let counter = 0;
  return {
    method: 'POST',
    path: '/api/appointments/hold',
    headers: { 'Content-Type': 'application/json' },
    perRequest: () => {
      const n = counter++;
      const [doctorId, start] = usable[n % usable.length]!;
      const patient = n % tokens.length;
      // From the patient's own address (as registered): one address holding for all would meet the per-address limit.
      return { headers: { Authorization: `Bearer ${tokens[patient]}`, 'X-Forwarded-For': patientAddress(patient) }, body: JSON.stringify({ doctor_id: doctorId, start }) };
    },
  };
}
