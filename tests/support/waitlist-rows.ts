/**
 * Waitlist rows written straight to the database, as the waitlist service would leave them: an
 * entry in line, and an offer with the appointment row that keeps its slot. For the tests of what
 * reads them (the desk's list, the stats), which do not go through joining and offering.
 */
import type { PartOfDay, WaitlistStatus } from '../../src/lib/api/contracts/waitlist.ts';
import type { Db } from '../../src/server/db/client.ts';
import { appointments } from '../../src/server/db/schema/appointments.ts';
import type { OFFER_STATUSES } from '../../src/server/db/schema/waitlist.ts';
import { newBusinessKey } from '../../src/server/keys.ts';
import { type EntryRow, insertEntry, insertOffer, type OfferRow } from '../../src/server/waitlist/repository.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export interface LineAccount {
  id: number;
  firstName: string;
  lastName: string;
  internationalCode: string;
}

/** An entry of `account` in `doctorId`'s line: for the account's own person, or a relative when `relative` is given. */
export function joinLine(
  db: Db,
  account: LineAccount,
  wish: {
    doctorId: string;
    from: string;
    to: string;
    partOfDay?: PartOfDay;
    joinedAt: Date;
    firstFreeAt?: Date | null;
    status?: WaitlistStatus;
    relative?: { firstName: string; lastName: string; nationalCode: string };
  },
): Promise<EntryRow> {
  const { relative } = wish;
  return insertEntry(db, {
    key: newBusinessKey('WL'),
    accountId: account.id,
    doctorId: wish.doctorId,
    fromDay: wish.from,
    toDay: wish.to,
    partOfDay: wish.partOfDay ?? 'any',
    forSelf: relative === undefined,
    patientFirstName: relative?.firstName ?? account.firstName,
    patientLastName: relative?.lastName ?? account.lastName,
    patientNationalCode: relative?.nationalCode ?? null,
    personCode: relative?.nationalCode ?? account.internationalCode,
    status: wish.status ?? 'waiting',
    firstFreeAt: wish.firstFreeAt ?? null,
    createdAt: wish.joinedAt,
    ...(wish.status === 'expired' || wish.status === 'left' || wish.status === 'booked' ? { endedAt: wish.joinedAt } : {}),
  });
}

/** The appointment row's status that goes with an offer's. */
const ROW_STATUS = { live: 'offered', accepted: 'held', booked: 'confirmed', declined: 'expired', lapsed: 'expired', withdrawn: 'expired' } as const;

/**
 * An offer of the slot at `start` (15 minutes, turn 3, fee 5,000,000 rials) to `entry`, in
 * `status`, with its appointment row: `offered` until `expiresAt` while live, the patient's hold
 * until `holdExpiresAt` once accepted, confirmed once booked, expired otherwise.
 */
export async function offerSlot(
  db: Db,
  entry: EntryRow,
  offer: { start: Date; status: (typeof OFFER_STATUSES)[number]; offeredAt: Date; expiresAt?: Date; holdExpiresAt?: Date; clinicId?: string },
): Promise<{ offer: OfferRow; appointmentKey: string }> {
  const expiresAt = offer.expiresAt ?? new Date(offer.offeredAt.getTime() + 30 * MIN);
  const accepted = offer.status === 'accepted' || offer.status === 'booked';
  const rowStatus = ROW_STATUS[offer.status];
  const [row] = await db
    .insert(appointments)
    .values({
      key: newBusinessKey('AP'),
      accountId: entry.accountId,
      doctorId: entry.doctorId,
      clinicId: offer.clinicId ?? 'clinic-test',
      startsAt: offer.start,
      endsAt: new Date(offer.start.getTime() + 15 * MIN),
      turn: 3,
      fee: 5_000_000,
      status: rowStatus,
      expiresAt: rowStatus === 'confirmed' ? null : rowStatus === 'held' ? (offer.holdExpiresAt ?? new Date(offer.offeredAt.getTime() + 40 * MIN)) : expiresAt,
      forSelf: entry.forSelf,
      patientFirstName: entry.patientFirstName,
      patientLastName: entry.patientLastName,
      patientNationalCode: entry.patientNationalCode,
      ...(rowStatus === 'confirmed' ? { paidFromWallet: 5_000_000, confirmedAt: new Date(offer.offeredAt.getTime() + 5 * MIN) } : {}),
      createdAt: offer.offeredAt,
    })
    .returning();
  const made = await insertOffer(db, {
    entryId: entry.id,
    doctorId: entry.doctorId,
    startsAt: offer.start,
    appointmentId: row!.id,
    status: offer.status,
    offeredAt: offer.offeredAt,
    expiresAt,
    acceptedAt: accepted ? new Date(offer.offeredAt.getTime() + 2 * MIN) : null,
    endedAt: offer.status === 'live' || offer.status === 'accepted' ? null : new Date(offer.offeredAt.getTime() + 10 * MIN),
  });
  return { offer: made, appointmentKey: row!.key };
}

/** `days` days after `instant`. */
export const daysAfter = (instant: Date, days: number) => new Date(instant.getTime() + days * DAY);
