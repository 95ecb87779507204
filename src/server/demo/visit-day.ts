/**
 * The demo's visit day: a doctor's session today with a few patients booked, one seen, one being
 * seen, one arrived, the demo patient next but one, and a delay announced, so a new user opens the
 * visit-day view and the waiting-room board at once and can drive the queue with
 * `npm run hospital -- queue …`. Everything goes through the booking and queue services; the
 * desk's past events are recorded quietly (no SMS about a history that did not happen), so the
 * first real event sends what is due.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { addDays, daySlots, type SlotTime, tehranDayBounds, tehranInstant } from '#lib/appointments/slots.ts';
import type { BookingContext } from '../appointments/context.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/appointments.ts';
import { queueSettings } from '../queue/context.ts';
import { recordDeskEvent, tehranDay } from '../queue/service.ts';
import { DEMO_OTHERS, demoAccount } from './people.ts';
import { chargeAtSandbox } from './sandbox.ts';
import { demoFullDoctor } from './waitlist.ts';

const MINUTE = 60_000;

interface Pick {
  doctorId: string;
  slots: SlotTime[];
}

/**
 * Today's session to show: the latest one that has begun or begins within the hour (so the demo
 * patient can check in), else the day's first; of a doctor with a fee and at least five slots in it.
 */
function pickSession(ctx: BookingContext, today: string, now: Date): Pick | undefined {
  const sessions: Pick[] = [];
  // The waitlist's full doctor is booked by others all day: not this demo's queue.
  const full = demoFullDoctor(ctx);
  for (const [doctorId, doctor] of ctx.catalogue.doctors) {
    if (doctor.visit_fee_rial <= 0 || doctorId === full) continue;
    const bySession = new Map<string, SlotTime[]>();
    for (const slot of daySlots(doctor, today)) {
      // Slots of one session share a clinic and run on without a gap.
      const key = `${slot.clinic} ${slot.start.getTime() - (slot.turn - 1) * doctor.visit_minutes * MINUTE}`;
      bySession.set(key, [...(bySession.get(key) ?? []), slot]);
    }
    for (const slots of bySession.values()) if (slots.length >= 5) sessions.push({ doctorId, slots });
  }
  sessions.sort((a, b) => a.slots[0]!.start.getTime() - b.slots[0]!.start.getTime() || a.doctorId.localeCompare(b.doctorId));
  const begun = sessions.filter((session) => session.slots[0]!.start.getTime() <= now.getTime() + 60 * MINUTE);
  return begun.at(-1) ?? sessions[0];
}

/**
 * Seeds today's demo visit day for `patient` (the demo patient) unless she already has a visit
 * today; answers the doctor's id, or undefined when nothing was seeded. Booked "yesterday" through
 * the booking service, paid from wallets charged at the sandbox bank; the desk's events are
 * recorded a few minutes apart up to `now`. A demo started on an official holiday still gets its
 * day: the booking rules see no holiday here, since the clinic is open for the demo.
 */
export async function seedDemoVisitDay(
  db: Db,
  { booking, patient, now }: { booking: BookingContext; patient: { id: number; firstName: string; lastName: string }; now: Date },
): Promise<string | undefined> {
  const today = tehranDay(now);
  const { start, end } = tehranDayBounds(today);
  const todays = await db
    .select({ key: appointments.key })
    .from(appointments)
    .where(and(eq(appointments.accountId, patient.id), eq(appointments.status, 'confirmed'), gte(appointments.startsAt, start), lt(appointments.startsAt, end)));
  if (todays.length > 0) return undefined;
  const ctx: BookingContext = { ...booking, holiday: () => undefined };
  const pick = pickSession(ctx, today, now);
  if (!pick) return undefined;
  const bookedAt = tehranInstant(addDays(today, -1), '12:00');
  const people = [...(await Promise.all(DEMO_OTHERS.slice(0, 3).map((person) => demoAccount(db, person, now)))), patient, await demoAccount(db, DEMO_OTHERS[3]!, now)];
  const keys: string[] = [];
  for (const [index, person] of people.entries()) {
    const slot = pick.slots[index];
    if (!slot) break;
    try {
      if (person !== patient) await chargeAtSandbox(db, person.id, ctx.catalogue.doctors.get(pick.doctorId)!.visit_fee_rial, bookedAt);
      const hold = await holdSlot(db, { ctx, booker: person, body: { doctor_id: pick.doctorId, start: slot.start.toISOString() }, now: bookedAt });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: person.id, key: hold.key, useWallet: true, now: new Date(bookedAt.getTime() + MINUTE) });
      keys.push(hold.key);
    } catch {
      // A slot taken already (a demo that ran before on this database) leaves a gap in the day.
      keys.push('');
    }
  }
  const queue = { booking: ctx, settings: queueSettings() };
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const desk = (type: 'session_started' | 'checked_in' | 'called' | 'delay', minutesAgo: number, extra: { appointment_key?: string; minutes?: number } = {}) =>
    recordDeskEvent(db, queue, { doctorId: pick.doctorId, event: { type, ...extra }, actor: 'demo', now: at(minutesAgo), quiet: true }).catch(() => undefined);
  const [first, second, third] = keys;
  await desk('session_started', 40);
  if (first) await desk('checked_in', 38, { appointment_key: first });
  if (first) await desk('called', 33, { appointment_key: first });
  if (second) await desk('checked_in', 30, { appointment_key: second });
  if (second) await desk('called', 14, { appointment_key: second });
  if (third) await desk('checked_in', 12, { appointment_key: third });
  await desk('delay', 10, { minutes: 20 });
  return pick.doctorId;
}
