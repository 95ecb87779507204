/**
 * The demo's full doctor: every slot of one doctor's booking window is booked, so a new user meets
 * the waitlist where it matters. The demo patient has booked one of them for her mother a week
 * ahead and waits (for her father) for later days; she can join for herself, cancel her mother's
 * visit, and watch the freed slot arrive as an offer (SMS in the outbox, countdown on the page),
 * then accept and pay. The other slots are booked by the demo's fictional patients, through the
 * booking services, paid from wallets charged at the sandbox bank.
 */
import { BOOKING_WINDOW_DAYS } from '#lib/api/contracts/appointments.ts';
import { addDays, daySlots } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import type { BookingContext } from '../appointments/context.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import { nextFreeStarts } from '../appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { joinWaitlist } from '../waitlist/service.ts';
import { DEMO_OTHERS, demoAccount } from './people.ts';
import { chargeAtSandbox } from './sandbox.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

/** The demo patient's mother (booked) and father (waiting): fictional, with valid national codes. */
export const DEMO_MOTHER = { first_name: 'مهین', last_name: 'نمونه', international_code: '0000002003' };
export const DEMO_FATHER = { first_name: 'بهرام', last_name: 'نمونه', international_code: '0000002100' };

/**
 * The demo's full doctor: the one with a fee and the fewest slots a week (fewest to fill), the same
 * on every start whatever the day; none when the catalogue has no doctor with a fee.
 */
export function demoFullDoctor(ctx: BookingContext): string | undefined {
  const monday = '2026-11-30';
  const weekly = [...ctx.catalogue.doctors.entries()]
    .filter(([, doctor]) => doctor.visit_fee_rial > 0 && !doctor.featured)
    .map(([id, doctor]) => ({ id, slots: Array.from({ length: 7 }, (_, i) => daySlots(doctor, addDays(monday, i)).length).reduce((a, b) => a + b, 0) }))
    .filter((doctor) => doctor.slots >= 4)
    .sort((a, b) => a.slots - b.slots || a.id.localeCompare(b.id));
  return weekly[0]?.id;
}

/**
 * First seeding (an empty demo database): the mother's visit a week ahead, paid from the demo
 * patient's wallet, and the father's wait for the two weeks after it, mornings.
 */
export async function seedDemoWaitlist(db: Db, { ctx, patient, now }: { ctx: BookingContext; patient: { id: number; firstName: string; lastName: string }; now: Date }): Promise<void> {
  const doctorId = demoFullDoctor(ctx);
  if (!doctorId) return;
  const bookedAt = new Date(now.getTime() - 2 * DAY);
  const start = (await nextFreeStarts(db, { ctx, doctorId, now: bookedAt, limit: 200 })).find((candidate) => Date.parse(candidate) >= now.getTime() + 6 * DAY);
  const fee = ctx.catalogue.doctors.get(doctorId)?.visit_fee_rial ?? 0;
  if (start) {
    // She charged her wallet for it that day.
    await chargeAtSandbox(db, patient.id, Math.max(fee, 1_000_000), bookedAt);
    const hold = await holdSlot(db, { ctx, booker: patient, body: { doctor_id: doctorId, start, for: DEMO_MOTHER }, now: bookedAt });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: hold.key, useWallet: true, now: new Date(bookedAt.getTime() + MINUTE) });
  }
  const from = addDays(toTehranIsoDate(now), 14);
  await joinWaitlist(db, { ctx, booker: patient, body: { doctor_id: doctorId, from, to: addDays(from, 14), part_of_day: 'morning', for: DEMO_FATHER }, now: new Date(now.getTime() - DAY) });
}

/**
 * Books every free slot of the full doctor's window for the demo's fictional patients, on every
 * start of a demo install (the window moves on a day each day). Answers the doctor's id.
 */
export async function fillDemoFullDoctor(db: Db, { ctx, now }: { ctx: BookingContext; now: Date }): Promise<string | undefined> {
  const doctorId = demoFullDoctor(ctx);
  const doctor = doctorId && ctx.catalogue.doctors.get(doctorId);
  if (!doctorId || !doctor) return undefined;
  const free = await nextFreeStarts(db, { ctx, doctorId, now, limit: BOOKING_WINDOW_DAYS * 100 });
  if (free.length === 0) return doctorId;
  const people = await Promise.all(DEMO_OTHERS.map((person) => demoAccount(db, person, now)));
  const bookedAt = new Date(now.getTime() - 3 * MINUTE);
  for (const [index, person] of people.entries()) {
    const share = free.filter((_, i) => i % people.length === index).length * doctor.visit_fee_rial;
    const short = share - (await walletBalanceOf(db, person.id));
    if (short > 0) await chargeAtSandbox(db, person.id, Math.max(short, 1_000_000), bookedAt);
  }
  for (const [i, start] of free.entries()) {
    const person = people[i % people.length]!;
    try {
      const hold = await holdSlot(db, { ctx, booker: person, body: { doctor_id: doctorId, start }, now: bookedAt });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: person.id, key: hold.key, useWallet: true, now: new Date(bookedAt.getTime() + MINUTE) });
    } catch {
      // Taken meanwhile (another process filling too): it is full either way.
    }
  }
  return doctorId;
}
