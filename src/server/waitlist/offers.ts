import { tehranDayBounds } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import type { BookingContext } from '../appointments/context.ts';
import { releaseUnconfirmed } from '../appointments/release.ts';
import {
  ACTIVE_SLOT_CONSTRAINT,
  APPOINTMENT_KEY_CONSTRAINT,
  type AppointmentRow,
  insertAppointment,
  lockStaleInSlot,
  personBusyBetween,
  updateAppointment,
} from '../appointments/repository.ts';
import { checkSlot } from '../appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { dropJob, upsertJob } from '../jobs/repository.ts';
import { withFreshKey } from '../keys.ts';
import { LAPSES_TO_END, waitlistSettings } from './context.ts';
import {
  type EntryRow,
  insertOffer,
  lineMayTakeSlot,
  lockEntry,
  lockLapsedOffersInSlot,
  lockOpenOfferOfAppointment,
  OFFER_TO_ENTRY_CONSTRAINTS,
  type OfferRow,
  ONE_OFFER_PER_SLOT_CONSTRAINT,
  personHasDoctorBetween,
  updateEntry,
  updateOffer,
  waitingFor,
} from './repository.ts';
import { canTake, offerExpiry, partOfDayOf } from './rules.ts';

export const OFFER_SMS_JOB = 'waitlist.offer-sms';
export const OFFER_LAPSE_JOB = 'waitlist.offer-lapse';
export const offerSmsJobKey = (offerId: number) => `waitlist-offer-sms:${offerId}`;
export const offerLapseJobKey = (offerId: number) => `waitlist-offer-lapse:${offerId}`;

/** How an open offer ended. */
export type OfferEnding = 'declined' | 'lapsed' | 'withdrawn';

/** A slot: a doctor's start. */
export interface SlotRef {
  doctorId: string;
  start: Date;
}

/** Entries are read this many at a time while looking for the first that can take a slot. */
const CANDIDATES_PAGE = 20;

/**
 * Offers the freed slot to the first entry in line that can take it (rules.ts `canTake`), in the
 * caller's transaction: an `offered` appointment row keeps the slot for that patient (the unique
 * slot index keeps everyone else out), the offer row records it, and two jobs commit with it: the
 * SMS now and the lapse at `expires_at`. Nothing when the slot is not bookable (a leave, a holiday,
 * too soon to be worth offering), taken, or nobody in line suits it: then it is free for everyone.
 *
 * Call it last in a transaction (after the freeing change): it may wait on another transaction's
 * insert into the same slot or to the same entry, and holds nothing that transaction waits for.
 * Another transaction that offered the same entry first makes it try the next entry.
 */
export async function offerSlot(tx: Db, ctx: BookingContext, slot: SlotRef, now: Date): Promise<OfferRow | undefined> {
  const doctor = ctx.catalogue.doctors.get(slot.doctorId);
  if (!doctor) return undefined;
  // Nobody in the doctor's line and no lapsed offer of the slot (most freed slots): one read, not three.
  if (!(await lineMayTakeSlot(tx, { doctorId: slot.doctorId, start: slot.start, now }))) return undefined;
  // A live offer of this slot that ran out is passed on here, not left blocking it until its job runs.
  for (const lapsed of await lockLapsedOffersInSlot(tx, slot.doctorId, slot.start, now)) await endOffer(tx, { offer: lapsed, ending: 'lapsed', now });
  const check = await checkSlot(tx, { ctx, doctorId: slot.doctorId, doctor, start: slot.start, now });
  if (!check.ok) return undefined;
  const { offerMinutes } = waitlistSettings(ctx);
  const expiresAt = offerExpiry(check.slot.start, now, { offerMinutes, minLeadMinutes: ctx.settings.minLeadMinutes });
  if (!expiresAt) return undefined;
  const day = toTehranIsoDate(check.slot.start);
  const { start: dayStart, end: dayEnd } = tehranDayBounds(day);
  const part = partOfDayOf(check.slot.start);
  let afterId = 0;
  for (;;) {
    const page = await waitingFor(tx, { doctorId: slot.doctorId, start: check.slot.start, day, part, afterId, limit: CANDIDATES_PAGE });
    if (page.length === 0) return undefined;
    afterId = page[page.length - 1]!.id;
    // In the order of joining (the query's); what needs more queries is asked of each in turn, so
    // the usual case (the first one in line can take it) costs two.
    for (const entry of page) {
      const candidate = {
        ...entry,
        offeredBefore: false,
        hasDoctorThatDay: await personHasDoctorBetween(tx, { personCode: entry.personCode, doctorId: slot.doctorId, from: dayStart, to: dayEnd, now }),
        busyThen: (await personBusyBetween(tx, { nationalCode: entry.personCode, from: check.slot.start, to: check.slot.end, now })).length > 0,
      };
      if (!canTake(candidate, { doctorId: slot.doctorId, start: check.slot.start })) continue;
      const made = await tryOffer(tx, { entry, slot: { ...check.slot, fee: doctor.visit_fee_rial }, expiresAt, now });
      if (made === 'slot_taken') return undefined;
      if (made !== 'entry_taken') return made;
    }
  }
}

/**
 * Offers the slot to one entry, in a savepoint: 'slot_taken' when the slot is someone's now (the
 * slot index or another open offer), 'entry_taken' when the entry got another offer or this one
 * before (the offer indexes), and nothing of this try is left behind.
 */
async function tryOffer(
  tx: Db,
  { entry, slot, expiresAt, now }: { entry: EntryRow; slot: { start: Date; end: Date; turn: number; clinic: string; fee: number }; expiresAt: Date; now: Date },
): Promise<OfferRow | 'slot_taken' | 'entry_taken'> {
  try {
    return await tx.transaction(async (savepoint) => {
      await releaseStaleInSlot(savepoint, { doctorId: entry.doctorId, start: slot.start }, now);
      const appointment = await withFreshKey(savepoint, 'AP', APPOINTMENT_KEY_CONSTRAINT, (inner, key) =>
        insertAppointment(inner, {
          key,
          accountId: entry.accountId,
          doctorId: entry.doctorId,
          clinicId: slot.clinic,
          startsAt: slot.start,
          endsAt: slot.end,
          turn: slot.turn,
          fee: slot.fee,
          status: 'offered',
          expiresAt,
          forSelf: entry.forSelf,
          patientFirstName: entry.patientFirstName,
          patientLastName: entry.patientLastName,
          patientNationalCode: entry.patientNationalCode,
          heldFrom: null,
          createdAt: now,
        }),
      );
      const offer = await insertOffer(savepoint, {
        entryId: entry.id,
        doctorId: entry.doctorId,
        startsAt: slot.start,
        appointmentId: appointment.id,
        status: 'live',
        offeredAt: now,
        expiresAt,
      });
      await updateEntry(savepoint, entry.id, { status: 'offered' });
      await upsertJob(savepoint, { key: offerSmsJobKey(offer.id), kind: OFFER_SMS_JOB, runAt: now, payload: { offer_id: offer.id } }, now);
      await upsertJob(savepoint, { key: offerLapseJobKey(offer.id), kind: OFFER_LAPSE_JOB, runAt: expiresAt, payload: { offer_id: offer.id } }, now);
      return offer;
    });
  } catch (error) {
    if (isUniqueViolation(error, ACTIVE_SLOT_CONSTRAINT) || isUniqueViolation(error, ONE_OFFER_PER_SLOT_CONSTRAINT)) return 'slot_taken';
    if (OFFER_TO_ENTRY_CONSTRAINTS.some((constraint) => isUniqueViolation(error, constraint))) return 'entry_taken';
    throw error;
  }
}

/**
 * Ends an open offer (the caller holds its row's lock, taken after its appointment row's): the
 * offered row no longer keeps the slot, and the entry is back in line, or leaves it (`leave`, or
 * its offers lapsed LAPSES_TO_END times in a row). The slot is not passed on here: the caller does
 * that last (`offerSlot`), when the slot is free.
 */
export async function endOffer(tx: Db, { offer, ending, now, leave = false }: { offer: OfferRow; ending: OfferEnding; now: Date; leave?: boolean }): Promise<EntryRow | undefined> {
  await updateOffer(tx, offer.id, { status: ending, endedAt: now });
  if (offer.status === 'live') {
    // The offered row ends with the offer; an accepted one is a hold, ended by whoever ends the hold.
    await updateAppointment(tx, offer.appointmentId, { status: 'expired', expiresAt: offer.expiresAt < now ? offer.expiresAt : now });
  }
  await dropJob(tx, offerLapseJobKey(offer.id), now);
  const entry = await lockEntry(tx, offer.entryId);
  if (entry?.status !== 'offered') return entry;
  // Accepted and then not paid counts as a lapse too: either way the slot was kept from others for nothing.
  const lapses = ending === 'lapsed' ? entry.lapses + 1 : 0;
  if (leave) return updateEntry(tx, entry.id, { status: 'left', endedAt: now, lapses });
  if (lapses >= LAPSES_TO_END) return updateEntry(tx, entry.id, { status: 'expired', endedAt: now, lapses });
  return updateEntry(tx, entry.id, { status: 'waiting', lapses });
}

/**
 * Releases the holds of the slot that ran out but still sit in the slot index (their wallet money
 * goes back by the release job: the caller does not hold those wallets' locks), ending the accepted
 * offers they came from. Returns how many there were.
 */
export async function releaseStaleInSlot(tx: Db, slot: SlotRef, now: Date): Promise<number> {
  const stale = await lockStaleInSlot(tx, slot.doctorId, slot.start, now);
  for (const row of stale) {
    await releaseUnconfirmed(tx, { row, now, ending: { status: 'expired' }, refundNow: false });
    const offer = await lockOpenOfferOfAppointment(tx, row.id);
    if (offer) await endOffer(tx, { offer, ending: 'lapsed', now });
  }
  return stale.length;
}

/**
 * After an unconfirmed or confirmed row let its slot go (cancelled, lapsed, released), in the same
 * transaction and last in it: a waitlist offer the row came from ends with it, and the slot goes to
 * the next patient in line. (A move frees its old slot without ending the row: `offerSlot` that.)
 */
export async function afterSlotFreed(tx: Db, ctx: BookingContext, row: AppointmentRow, now: Date): Promise<OfferRow | undefined> {
  if (row.status === 'cancelled' || row.status === 'expired') {
    const offer = await lockOpenOfferOfAppointment(tx, row.id);
    if (offer) await endOffer(tx, { offer, ending: row.status === 'expired' ? 'lapsed' : row.cancelledBy === 'hospital' ? 'withdrawn' : 'declined', now });
  }
  return offerSlot(tx, ctx, { doctorId: row.doctorId, start: row.startsAt }, now);
}

/** A row born of an accepted offer is paid: the offer and its entry are booked (in the confirming transaction). */
export async function offerBooked(tx: Db, row: AppointmentRow, now: Date): Promise<void> {
  const offer = await lockOpenOfferOfAppointment(tx, row.id);
  if (!offer) return;
  await updateOffer(tx, offer.id, { status: 'booked', endedAt: now });
  await updateEntry(tx, offer.entryId, { status: 'booked', endedAt: now });
}
