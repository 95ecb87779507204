import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { appointments } from '../db/schema/appointments.ts';
import { OPEN_ENTRY_STATUSES, OPEN_OFFER_STATUSES, waitlistEntries, waitlistOffers, waitlistScans } from '../db/schema/waitlist.ts';

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type NewEntry = typeof waitlistEntries.$inferInsert;
export type OfferRow = typeof waitlistOffers.$inferSelect;
export type ScanRow = typeof waitlistScans.$inferSelect;

export const ENTRY_KEY_CONSTRAINT = 'waitlist_entries_key_key';
/** One open entry per account, doctor and person. */
export const ONE_OPEN_ENTRY_CONSTRAINT = 'waitlist_entries_one_open_key';
/** The constraints an offer may hit when another transaction offered first: the next entry is tried. */
export const OFFER_TO_ENTRY_CONSTRAINTS = ['waitlist_offers_one_open_per_entry_key', 'waitlist_offers_once_per_entry_key'] as const;
export const ONE_OFFER_PER_SLOT_CONSTRAINT = 'waitlist_offers_one_open_per_slot_key';

/** An entry still in line at `today` (its range not over). */
const openOn = (today: string) => and(inArray(waitlistEntries.status, OPEN_ENTRY_STATUSES), gte(waitlistEntries.toDay, today));

export async function insertEntry(db: Db, values: NewEntry): Promise<EntryRow> {
  const [row] = await db.insert(waitlistEntries).values(values).returning();
  return row!;
}

export async function updateEntry(db: Db, id: number, changes: Partial<NewEntry>): Promise<EntryRow> {
  const [row] = await db.update(waitlistEntries).set(changes).where(eq(waitlistEntries.id, id)).returning();
  return row!;
}

export async function findEntryOf(db: Db, accountId: number, key: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.key, key), eq(waitlistEntries.accountId, accountId)));
  return row;
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row;
}

export async function lockEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return row;
}

/** Open entries of one account, of all the accounts of a phone, made from one address: what the limits count. */
export async function countOpenOfAccount(db: Db, accountId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.accountId, accountId), openOn(today)));
  return row?.n ?? 0;
}

export async function countOpenOfPhone(db: Db, phone: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .innerJoin(accounts, eq(accounts.id, waitlistEntries.accountId))
    .where(and(eq(accounts.phoneNumber, phone), openOn(today)));
  return row?.n ?? 0;
}

export async function countOpenFrom(db: Db, address: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.joinedFrom, address), openOn(today)));
  return row?.n ?? 0;
}

/** The account's entries: those in line, and those that ended in the last `days` days, newest first. */
export async function entriesOf(db: Db, accountId: number, endedSince: Date): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.accountId, accountId), or(inArray(waitlistEntries.status, OPEN_ENTRY_STATUSES), gte(waitlistEntries.endedAt, endedSince))))
    .orderBy(desc(waitlistEntries.id))
    .limit(50);
}

/** A doctor's line at `today`: open entries in order of joining. */
export async function lineOf(db: Db, doctorId: string, today: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.doctorId, doctorId), openOn(today)))
    .orderBy(asc(waitlistEntries.id));
}

/** Each entry's place in its doctor's line (1 = first), for entries still in line. */
export async function positionsOf(db: Db, entries: readonly EntryRow[], today: string): Promise<Map<number, number>> {
  const open = entries.filter((entry) => (OPEN_ENTRY_STATUSES as readonly string[]).includes(entry.status) && entry.toDay >= today);
  const places = new Map<number, number>();
  for (const entry of open) {
    const [row] = await db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.doctorId, entry.doctorId), openOn(today), lte(waitlistEntries.id, entry.id)));
    places.set(entry.id, row?.n ?? 1);
  }
  return places;
}

/**
 * The entries of `doctorId` waiting (no open offer) whose range holds `day` and whose part of the
 * day is `part` or any, not yet offered this slot, in order of joining; `limit` at a time.
 */
export async function waitingFor(
  db: Db,
  { doctorId, start, day, part, afterId, limit }: { doctorId: string; start: Date; day: string; part: 'morning' | 'afternoon'; afterId: number; limit: number },
): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.doctorId, doctorId),
        eq(waitlistEntries.status, 'waiting'),
        lte(waitlistEntries.fromDay, day),
        gte(waitlistEntries.toDay, day),
        inArray(waitlistEntries.partOfDay, ['any', part]),
        gt(waitlistEntries.id, afterId),
        sql`not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id} and ${waitlistOffers.doctorId} = ${doctorId} and ${waitlistOffers.startsAt} = ${start})`,
      ),
    )
    .orderBy(asc(waitlistEntries.id))
    .limit(limit);
}

/**
 * Whether the person (national code) has a visit with `doctorId` in [from, to) that holds its slot:
 * confirmed, held or awaiting payment and not lapsed, or offered to them; booked by any account.
 */
export async function personHasDoctorBetween(db: Db, { personCode, doctorId, from, to, now }: { personCode: string; doctorId: string; from: Date; to: Date; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        sql`${appointments.startsAt} >= ${from}`,
        sql`${appointments.startsAt} < ${to}`,
        or(eq(appointments.patientNationalCode, personCode), and(eq(appointments.forSelf, true), eq(accounts.internationalCode, personCode))),
        or(inArray(appointments.status, ['confirmed', 'offered']), and(inArray(appointments.status, ['held', 'awaiting_payment']), gt(appointments.expiresAt, now))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertOffer(db: Db, values: typeof waitlistOffers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(waitlistOffers).values(values).returning();
  return row!;
}

export async function updateOffer(db: Db, id: number, changes: Partial<typeof waitlistOffers.$inferInsert>): Promise<OfferRow> {
  const [row] = await db.update(waitlistOffers).set(changes).where(eq(waitlistOffers.id, id)).returning();
  return row!;
}

export async function findOffer(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id));
  return row;
}

export async function lockOffer(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id)).for('update');
  return row;
}

/** The entry's open offer (live or accepted), if any. */
export async function openOfferOf(db: Db, entryId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), inArray(waitlistOffers.status, OPEN_OFFER_STATUSES)));
  return row;
}

/** The open offer whose slot the appointment row holds, locked. */
export async function lockOpenOfferOfAppointment(db: Db, appointmentId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.appointmentId, appointmentId), inArray(waitlistOffers.status, OPEN_OFFER_STATUSES)))
    .for('update');
  return row;
}

/** Open offers of entries, with their appointment rows (for the lists). */
export async function openOffersOf(db: Db, entryIds: readonly number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({ offer: waitlistOffers, appointment: appointments })
    .from(waitlistOffers)
    .innerJoin(appointments, eq(appointments.id, waitlistOffers.appointmentId))
    .where(and(inArray(waitlistOffers.entryId, [...entryIds]), inArray(waitlistOffers.status, OPEN_OFFER_STATUSES)));
}

/** Live offers whose time ran out at `now` (for the sweep: each has its own lapse job, this is the net under it). */
export async function lapsedLiveOffers(db: Db, now: Date, limit: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, 'live'), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .limit(limit);
}

/** Live offers of the slot whose time ran out at `now`, locked. */
export async function lockLapsedOffersInSlot(db: Db, doctorId: string, start: Date, now: Date): Promise<OfferRow[]> {
  return db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.doctorId, doctorId), eq(waitlistOffers.startsAt, start), eq(waitlistOffers.status, 'live'), lte(waitlistOffers.expiresAt, now)))
    .for('update');
}

/**
 * Whether offering the slot (doctor, start) at `now` could do anything: someone waits in the
 * doctor's line, or a live offer of that slot ran out and is to be passed on. One read, for the
 * usual case of a doctor nobody waits for.
 */
export async function lineMayTakeSlot(db: Db, { doctorId, start, now }: { doctorId: string; start: Date; now: Date }): Promise<boolean> {
  const result = await db.execute<{ may: boolean }>(sql`select (
      exists (select 1 from ${waitlistEntries} where ${waitlistEntries.doctorId} = ${doctorId} and ${waitlistEntries.status} = 'waiting')
      or exists (select 1 from ${waitlistOffers} where ${waitlistOffers.doctorId} = ${doctorId} and ${waitlistOffers.startsAt} = ${start} and ${waitlistOffers.status} = 'live' and ${waitlistOffers.expiresAt} <= ${now})
    ) as may`);
  const [row] = (result as unknown as { rows: Array<{ may: boolean }> }).rows;
  return row?.may === true;
}

/** Entries in line whose range is over at `today`: they end as `expired`. */
export async function endRangesOver(db: Db, today: string, now: Date): Promise<number> {
  const rows = await db
    .update(waitlistEntries)
    .set({ status: 'expired', endedAt: now })
    .where(and(eq(waitlistEntries.status, 'waiting'), sql`${waitlistEntries.toDay} < ${today}`))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** The doctors that have someone in line at `today`. */
export async function doctorsWithLine(db: Db, today: string): Promise<string[]> {
  const rows = await db.selectDistinct({ doctorId: waitlistEntries.doctorId }).from(waitlistEntries).where(openOn(today));
  return rows.map((row) => row.doctorId);
}

export async function findScan(db: Db, doctorId: string): Promise<ScanRow | undefined> {
  const [row] = await db.select().from(waitlistScans).where(eq(waitlistScans.doctorId, doctorId));
  return row;
}

export async function saveScan(db: Db, row: ScanRow): Promise<void> {
  await db
    .insert(waitlistScans)
    .values(row)
    .onConflictDoUpdate({ target: waitlistScans.doctorId, set: { seenUntil: row.seenUntil, scheduleFingerprint: row.scheduleFingerprint, scannedAt: row.scannedAt } });
}

/** A scan row made only when none exists (a first join): what the waitlist has seen so far. */
export async function saveScanIfNone(db: Db, row: ScanRow): Promise<void> {
  await db.insert(waitlistScans).values(row).onConflictDoNothing({ target: waitlistScans.doctorId });
}

/** Every offer, with its entry's join time and the booked slot, for the stats. */
export async function allOffers(db: Db) {
  return db
    .select({
      status: waitlistOffers.status,
      acceptedAt: waitlistOffers.acceptedAt,
      startsAt: waitlistOffers.startsAt,
      joinedAt: waitlistEntries.createdAt,
      firstFreeAt: waitlistEntries.firstFreeAt,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId));
}

export async function entryStatusCounts(db: Db): Promise<Array<{ status: string; n: number }>> {
  return db.select({ status: waitlistEntries.status, n: count() }).from(waitlistEntries).groupBy(waitlistEntries.status);
}
