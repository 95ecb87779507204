import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { appointments } from '../db/schema/appointments.ts';
import { OPEN_OFFER_STATUSES, waitlistEntries, waitlistOffers } from '../db/schema/waitlist.ts';

/** The phone of each of `accountIds`. */
export async function phonesOf(db: Db, accountIds: readonly number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, phone: accounts.phoneNumber })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(accountIds)]));
  return new Map(rows.map((row) => [row.id, row.phone]));
}

/** The open offers (live or accepted) of a doctor's slots, each with its entry's key and the appointment row that keeps the slot, soonest slot first. */
export async function openOffersOfDoctor(db: Db, doctorId: string) {
  return db
    .select({ offer: waitlistOffers, entryKey: waitlistEntries.key, appointment: appointments })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(appointments, eq(appointments.id, waitlistOffers.appointmentId))
    .where(and(eq(waitlistOffers.doctorId, doctorId), inArray(waitlistOffers.status, OPEN_OFFER_STATUSES)))
    .orderBy(waitlistOffers.startsAt);
}
