/**
 * The demo's parts bound to today (the demo patient's visit day, the waitlist's full doctor):
 * made at start and again just after each Tehran midnight, so a demo left running overnight still
 * shows today's queue the next morning, as a restarted one would.
 */
import { tehranDayBounds } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { DEMO_PATIENT, fillDemoWaitlistDoctor, seedDemoPatientVisitDay } from './seed.ts';

/** A few seconds past midnight: the new day's sessions are certainly "today" by then. */
const AFTER_MIDNIGHT_MS = 5_000;

/** When the demo's next day begins: the next Tehran midnight after `now`, plus a few seconds. */
export function nextDemoDayAt(now: Date): Date {
  const midnight = tehranDayBounds(toTehranIsoDate(now)).end;
  return new Date(midnight.getTime() + AFTER_MIDNIGHT_MS);
}

/** Seeds today's visit day and fills the full doctor's new day; says what it made. */
export async function seedDemoDay(db: Db, now: Date): Promise<void> {
  const doctorId = await seedDemoPatientVisitDay(db, now).catch((error: unknown) => logError('Seeding the demo visit day failed', error));
  if (doctorId) console.log(`Demo visit day: ${DEMO_PATIENT.phoneNumber} has a visit today; board at /queue/${doctorId}, desk: npm run hospital -- queue ${doctorId}`);
  const full = await fillDemoWaitlistDoctor(db, now).catch((error: unknown) => logError('Filling the demo waitlist doctor failed', error));
  if (full)
    console.log(`Demo waitlist: every slot of /appointment/doctor-profile/${full} is booked; join its waitlist, or see it with npm run hospital -- waitlist ${full} (README «Waitlist»)`);
}

/** Seeds the demo's day now and after every Tehran midnight while the process runs. */
export async function keepDemoDays(db: Db): Promise<void> {
  await seedDemoDay(db, new Date());
  const schedule = () => {
    const wait = Math.max(0, nextDemoDayAt(new Date()).getTime() - Date.now());
    setTimeout(() => void seedDemoDay(db, new Date()).finally(schedule), wait).unref();
  };
  schedule();
}
