import type { AcceptedOffer, DeclineOfferBody, JoinedWaitlist, JoinWaitlistBody, WaitlistEntry, WaitlistOffer } from '#lib/api/contracts/waitlist.ts';
import { WAITLIST_WINDOW_DAYS } from '#lib/api/contracts/waitlist.ts';
import { addDays } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { type BookingContext, doctorName, doctorOf } from '../appointments/context.ts';
import { releaseUnconfirmed } from '../appointments/release.ts';
import {
  type AppointmentRow,
  identityOfAccount,
  leavesOverlapping,
  lockAppointmentById,
  lockDoctorSchedule,
  lockPerson,
  lockUnconfirmedOf,
  personBusyBetween,
  updateAppointment,
} from '../appointments/repository.ts';
import { type Booker, type Person, PersonBusyRefusal, personBusy } from '../appointments/service.ts';
import { nextFreeStarts } from '../appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { advisoryLock } from '../db/locks.ts';
import { AppError } from '../errors.ts';
import { dropJob } from '../jobs/repository.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { waitlistSettings } from './context.ts';
import { waitlistMessages as M } from './messages.ts';
import { afterSlotFreed, endOffer, offerLapseJobKey, offerSlot } from './offers.ts';
import { toOffer } from './present.ts';
import {
  countOpenFrom,
  countOpenOfAccount,
  countOpenOfPhone,
  ENTRY_KEY_CONSTRAINT,
  type EntryRow,
  entriesOf,
  findEntryOf,
  insertEntry,
  lockEntry,
  lockOffer,
  ONE_OPEN_ENTRY_CONSTRAINT,
  openOfferOf,
  openOffersOf,
  positionsOf,
  updateEntry,
  updateOffer,
} from './repository.ts';
import { rangeOver } from './rules.ts';
import { rememberSchedule } from './scan.ts';

/** Only keys of our shape are looked up; anything else is simply not found. */
function checkedKey(key: string): string {
  if (!isBusinessKey('WL', key)) throw new AppError('not_found', M.entryNotFound);
  return key;
}

const ENDED_SHOWN_DAYS = 30;

function toEntry(ctx: BookingContext, entry: EntryRow, extra: { position?: number | undefined; offer?: WaitlistOffer | undefined }, now: Date): WaitlistEntry {
  // An entry whose range is over has ended, even before the sweep marks it.
  const status = entry.status === 'waiting' && rangeOver(entry, now) ? 'expired' : entry.status;
  return {
    key: entry.key,
    doctor_id: entry.doctorId,
    doctor_name: doctorName(ctx.catalogue.doctors.get(entry.doctorId)),
    from: entry.fromDay,
    to: entry.toDay,
    part_of_day: entry.partOfDay,
    status,
    ...(extra.position !== undefined && (status === 'waiting' || status === 'offered') ? { position: extra.position } : {}),
    ...(extra.offer && status === 'offered' ? { offer: extra.offer } : {}),
    patient: { first_name: entry.patientFirstName, last_name: entry.patientLastName, self: entry.forSelf },
    joined_at: entry.createdAt.toISOString(),
    ...(entry.endedAt ? { ended_at: entry.endedAt.toISOString() } : {}),
  };
}

/**
 * `POST /waitlist`: puts the caller (or a relative, by `for`) in the doctor's line for a Tehran
 * day range within the next WAITLIST_WINDOW_DAYS and a part of the day. Joining is free, so the
 * entries in line are limited per account, per phone (all its accounts) and per address, counted
 * under advisory locks on the address then the phone, as holds are. One open entry per account,
 * doctor and person (the database's index): a second join is a 409.
 */
export async function joinWaitlist(db: Db, { ctx, booker, body, now }: { ctx: BookingContext; booker: Booker; body: JoinWaitlistBody; now: Date }): Promise<JoinedWaitlist> {
  doctorOf(ctx, body.doctor_id);
  const today = toTehranIsoDate(now);
  if (body.from < today) throw new AppError('invalid_input', M.rangeStart, { errors: { from: [M.rangeStart] } });
  if (body.to > addDays(today, WAITLIST_WINDOW_DAYS)) throw new AppError('invalid_input', M.rangeEnd(WAITLIST_WINDOW_DAYS), { errors: { to: [M.rangeEnd(WAITLIST_WINDOW_DAYS)] } });
  const identity = await identityOfAccount(db, booker.id);
  if (!identity) throw new Error(`Account ${booker.id} not found`);
  const person = body.for
    ? { code: body.for.international_code, first: body.for.first_name, last: body.for.last_name }
    : { code: identity.nationalCode, first: booker.firstName, last: booker.lastName };
  const settings = waitlistSettings(ctx);
  // The first free start the patient could have booked instead: what "days gained" is measured against.
  const [firstFree] = await nextFreeStarts(db, { ctx, doctorId: body.doctor_id, now, limit: 1 });
  try {
    const entry = await db.transaction(async (tx) => {
      if (booker.address !== undefined) await advisoryLock(tx, `waitlist-address:${booker.address}`);
      await advisoryLock(tx, `waitlist-phone:${identity.phone}`);
      if ((await countOpenOfAccount(tx, booker.id, today)) >= settings.limitPerAccount) throw new AppError('conflict', M.perAccount(settings.limitPerAccount));
      if ((await countOpenOfPhone(tx, identity.phone, today)) >= settings.limitPerPhone) throw new AppError('conflict', M.perPhone(settings.limitPerPhone));
      if (booker.address !== undefined && (await countOpenFrom(tx, booker.address, today)) >= settings.limitPerAddress)
        throw new AppError('conflict', M.perAddress(settings.limitPerAddress));
      await rememberSchedule(tx, ctx, body.doctor_id, now);
      return withFreshKey(tx, 'WL', ENTRY_KEY_CONSTRAINT, (savepoint, key) =>
        insertEntry(savepoint, {
          key,
          accountId: booker.id,
          doctorId: body.doctor_id,
          fromDay: body.from,
          toDay: body.to,
          partOfDay: body.part_of_day,
          forSelf: !body.for,
          patientFirstName: person.first,
          patientLastName: person.last,
          patientNationalCode: body.for ? body.for.international_code : null,
          personCode: person.code,
          status: 'waiting',
          joinedFrom: booker.address ?? null,
          firstFreeAt: firstFree ? new Date(firstFree) : null,
          createdAt: now,
        }),
      );
    });
    const positions = await positionsOf(db, [entry], today);
    const shown = toEntry(ctx, entry, { position: positions.get(entry.id) ?? 1 }, now);
    return { ...shown, status: 'waiting', position: shown.position ?? 1 };
  } catch (error) {
    if (isUniqueViolation(error, ONE_OPEN_ENTRY_CONSTRAINT)) throw new AppError('conflict', M.alreadyWaiting(body.for ? `${body.for.first_name} ${body.for.last_name}` : null));
    throw error;
  }
}

/** `GET /waitlist`: the caller's entries in line and those ended in the last 30 days, newest first, with positions and open offers. */
export async function listWaitlist(db: Db, { ctx, accountId, now }: { ctx: BookingContext; accountId: number; now: Date }): Promise<WaitlistEntry[]> {
  const entries = await entriesOf(db, accountId, new Date(now.getTime() - ENDED_SHOWN_DAYS * 24 * 60 * 60_000));
  const today = toTehranIsoDate(now);
  const [positions, offers] = await Promise.all([
    positionsOf(db, entries, today),
    openOffersOf(
      db,
      entries.map((entry) => entry.id),
    ),
  ]);
  const offerOf = new Map(offers.map(({ offer, appointment }) => [offer.entryId, toOffer(ctx, offer, appointment)]));
  return entries.map((entry) => toEntry(ctx, entry, { position: positions.get(entry.id), offer: offerOf.get(entry.id) }, now));
}

/** The caller's entry by key (404 for another account's, as for every patient resource). */
async function entryOf(db: Db, accountId: number, key: string): Promise<EntryRow> {
  const entry = await findEntryOf(db, accountId, checkedKey(key));
  if (!entry) throw new AppError('not_found', M.entryNotFound);
  return entry;
}

/**
 * `DELETE /waitlist/{key}`: leaves the line; a live offer is declined (its slot goes to the next
 * patient), an accepted one stays the patient's hold to pay or let go. Leaving twice is a no-op.
 */
export async function leaveWaitlist(db: Db, { ctx, accountId, key, now }: { ctx: BookingContext; accountId: number; key: string; now: Date }): Promise<{ key: string; status: 'left' }> {
  const found = await entryOf(db, accountId, key);
  await db.transaction(async (tx) => {
    const freed = await declineOpenOffer(tx, found, now, true);
    const entry = await lockEntry(tx, found.id);
    if (entry && (entry.status === 'waiting' || entry.status === 'offered')) await updateEntry(tx, entry.id, { status: 'left', endedAt: now });
    if (freed) await offerSlot(tx, ctx, freed, now);
  });
  return { key: found.key, status: 'left' };
}

/**
 * Declines the entry's live offer, if any (its appointment row's lock first, then the offer's, as
 * every change of an offered row takes them): returns the slot to pass on, last, by the caller.
 */
async function declineOpenOffer(tx: Db, entry: EntryRow, now: Date, leave: boolean) {
  const open = await openOfferOf(tx, entry.id);
  if (open?.status !== 'live') return undefined;
  await lockAppointmentById(tx, open.appointmentId);
  const offer = await lockOffer(tx, open.id);
  if (offer?.status !== 'live') return undefined;
  await endOffer(tx, { offer, ending: 'declined', now, leave });
  return { doctorId: offer.doctorId, start: offer.startsAt };
}

/**
 * `POST /waitlist/{key}/decline` `{leave?}`: the live offer's slot goes to the next patient in
 * line; the entry stays in line for another slot, or leaves it with `leave`.
 */
export async function declineOffer(
  db: Db,
  { ctx, accountId, key, body, now }: { ctx: BookingContext; accountId: number; key: string; body: DeclineOfferBody; now: Date },
): Promise<{ key: string; status: 'waiting' | 'left' }> {
  const found = await entryOf(db, accountId, key);
  return db.transaction(async (tx) => {
    const open = await openOfferOf(tx, found.id);
    if (!open) throw new AppError('conflict', M.noOffer);
    if (open.status === 'accepted') throw new AppError('conflict', M.alreadyAccepted);
    const freed = await declineOpenOffer(tx, found, now, body.leave);
    if (!freed) throw new AppError('conflict', M.noOffer);
    const entry = await lockEntry(tx, found.id);
    await offerSlot(tx, ctx, freed, now);
    return { key: found.key, status: entry?.status === 'left' ? ('left' as const) : ('waiting' as const) };
  });
}

/**
 * `POST /waitlist/{key}/accept`: the offered slot becomes the patient's hold, for HOLD_MINUTES or
 * what is left of the offer if longer; then `POST /appointments/{key}/pay` as for any hold. The
 * locks are a hold's (the person, the doctor's schedule, the wallet, then the rows), and so are its
 * rules: one unconfirmed hold per account (an earlier one is let go, and offered on), no overlap
 * with another visit of the same person, no slot inside a leave.
 */
export async function acceptOffer(db: Db, { ctx, booker, key, now }: { ctx: BookingContext; booker: Booker; key: string; now: Date }): Promise<AcceptedOffer> {
  const found = await entryOf(db, booker.id, key);
  const identity = await identityOfAccount(db, booker.id);
  if (!identity) throw new Error(`Account ${booker.id} not found`);
  const person: Person = found.forSelf ? { nationalCode: found.personCode, name: null } : { nationalCode: found.personCode, name: `${found.patientFirstName} ${found.patientLastName}` };
  try {
    const row = await db.transaction(async (tx) => {
      await lockPerson(tx, found.personCode);
      await lockDoctorSchedule(tx, found.doctorId, 'shared');
      await lockWallet(tx, booker.id);
      const open = await openOfferOf(tx, found.id);
      if (!open) throw new AppError('conflict', (await lockEntry(tx, found.id))?.status === 'waiting' ? M.noOffer : M.notInLine);
      const owned = await lockUnconfirmedOf(tx, booker.id);
      const row = await lockAppointmentById(tx, open.appointmentId);
      const offer = await lockOffer(tx, open.id);
      if (!row || !offer) throw new AppError('conflict', M.noOffer);
      if (offer.status === 'accepted') {
        const held = owned.find((own) => own.id === offer.appointmentId);
        if (held?.expiresAt && held.expiresAt > now) return held;
        throw new AppError('conflict', M.offerLapsed);
      }
      if (offer.status !== 'live') throw new AppError('conflict', M.notInLine);
      if (offer.expiresAt <= now) throw new AppError('conflict', M.offerLapsed);
      const letGo: AppointmentRow[] = [];
      for (const own of owned) letGo.push(await releaseUnconfirmed(tx, { row: own, now, ending: { status: 'expired' }, refundNow: true }));
      if ((await leavesOverlapping(tx, row.doctorId, row.startsAt, row.endsAt)).length > 0) throw new AppError('conflict', M.offerLapsed);
      const [busy] = await personBusyBetween(tx, { nationalCode: found.personCode, from: row.startsAt, to: row.endsAt, now, except: row.id });
      if (busy) throw new PersonBusyRefusal(busy);
      const holdUntil = new Date(Math.max(offer.expiresAt.getTime(), now.getTime() + ctx.settings.holdMinutes * 60_000));
      const held = await updateAppointment(tx, offer.appointmentId, { status: 'held', expiresAt: holdUntil, heldFrom: booker.address ?? null });
      await updateOffer(tx, offer.id, { status: 'accepted', acceptedAt: now });
      await dropJob(tx, offerLapseJobKey(offer.id), now);
      for (const released of letGo) await afterSlotFreed(tx, ctx, released, now);
      return held;
    });
    return { appointment_key: row.key, status: 'held', expires_at: row.expiresAt!.toISOString(), start: row.startsAt.toISOString(), fee: row.fee };
  } catch (error) {
    if (error instanceof PersonBusyRefusal) throw await personBusy(db, { ctx, who: { person, phone: identity.phone, doctorId: found.doctorId }, busy: error.busy, now });
    throw error;
  }
}
