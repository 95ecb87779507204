import { createHash } from 'node:crypto';
import { toTehranIsoDate } from '#lib/format/date.ts';
import type { BookingContext } from '../appointments/context.ts';
import { bookingHorizon, listSlots } from '../appointments/slots.ts';
import type { Doctor } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { offerSlot } from './offers.ts';
import { doctorsWithLine, findScan, saveScan, saveScanIfNone } from './repository.ts';

/** What decides a doctor's slots: a change of it adds (or removes) slots. */
export function scheduleFingerprint(doctor: Doctor): string {
  return createHash('sha256')
    .update(JSON.stringify({ sessions: doctor.schedule.map(({ day, start, end, clinic }) => [day, start, end, clinic]), visit: doctor.visit_minutes }))
    .digest('hex')
    .slice(0, 32);
}

/** Records what the waitlist sees of the doctor's slots now, if nothing was recorded yet (a first join). */
export async function rememberSchedule(tx: Db, ctx: BookingContext, doctorId: string, now: Date): Promise<void> {
  const doctor = ctx.catalogue.doctors.get(doctorId);
  if (!doctor) return;
  await saveScanIfNone(tx, { doctorId, seenUntil: bookingHorizon(now), scheduleFingerprint: scheduleFingerprint(doctor), scannedAt: now });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Offers made by one scan of one doctor at most (the next scan goes on). */
const OFFERS_PER_SCAN = 200;

/**
 * Slots added since the last look go to the waitlist before anyone else: those the booking window
 * opened since (a new day enters it every Tehran midnight), or, when the doctor's schedule changed,
 * every free slot of the window. Each free one is offered in its own transaction (`offerSlot`
 * checks it again under the database's rules). Returns the offers made.
 */
export async function scanAddedSlots(db: Db, ctx: BookingContext, now: Date): Promise<number> {
  let made = 0;
  for (const doctorId of await doctorsWithLine(db, toTehranIsoDate(now))) {
    const doctor = ctx.catalogue.doctors.get(doctorId);
    if (!doctor) continue;
    try {
      made += await scanDoctor(db, ctx, doctorId, doctor, now);
    } catch (error) {
      logError(`Scanning doctor ${doctorId}'s new slots for the waitlist failed`, error);
    }
  }
  return made;
}

async function scanDoctor(db: Db, ctx: BookingContext, doctorId: string, doctor: Doctor, now: Date): Promise<number> {
  const horizon = bookingHorizon(now);
  const fingerprint = scheduleFingerprint(doctor);
  const seen = await findScan(db, doctorId);
  const from = seen === undefined ? horizon : seen.scheduleFingerprint === fingerprint ? seen.seenUntil : now;
  let made = 0;
  if (from < horizon) {
    const fromDay = toTehranIsoDate(from > now ? from : now);
    const days = Math.ceil((horizon.getTime() - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS) + 1;
    const { days: open } = await listSlots(db, ctx, { doctorId, from: fromDay, days }, now);
    const added = open.flatMap((day) => day.slots).filter((slot) => slot.available && Date.parse(slot.start) >= from.getTime());
    for (const slot of added.slice(0, OFFERS_PER_SCAN)) {
      const offer = await db.transaction((tx) => offerSlot(tx, ctx, { doctorId, start: new Date(slot.start) }, now));
      if (offer) made++;
    }
    if (added.length > OFFERS_PER_SCAN) return made;
  }
  await saveScan(db, { doctorId, seenUntil: horizon, scheduleFingerprint: fingerprint, scannedAt: now });
  return made;
}
