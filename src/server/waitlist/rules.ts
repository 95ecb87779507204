import { AFTERNOON_FROM_HOUR, type PartOfDay } from '#lib/api/contracts/waitlist.ts';
import { tehranClockTime } from '#lib/catalogue/schedule.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';

/**
 * The waitlist's rules that need no database: which slot suits which entry, who comes first, how
 * long an offer lasts. The repository asks the database the same questions in SQL for speed; these
 * say what the answers must be, and are what the unit tests hold it to.
 */

/** The part of the Tehran day a slot starts in. */
export function partOfDayOf(start: Date): Exclude<PartOfDay, 'any'> {
  return Number(tehranClockTime(start).slice(0, 2)) < AFTERNOON_FROM_HOUR ? 'morning' : 'afternoon';
}

/** What of an entry decides whether a slot suits it. */
export interface EntryWish {
  doctorId: string;
  /** Tehran days, `YYYY-MM-DD`, both included. */
  fromDay: string;
  toDay: string;
  partOfDay: PartOfDay;
}

/** Whether a slot of `doctorId` starting at `start` is one the entry waits for. */
export function suits(entry: EntryWish, slot: { doctorId: string; start: Date }): boolean {
  if (entry.doctorId !== slot.doctorId) return false;
  const day = toTehranIsoDate(slot.start);
  if (day < entry.fromDay || day > entry.toDay) return false;
  return entry.partOfDay === 'any' || entry.partOfDay === partOfDayOf(slot.start);
}

/** An entry as the matcher weighs it. */
export interface Candidate extends EntryWish {
  id: number;
  status: 'waiting' | 'offered' | 'booked' | 'expired' | 'left';
  /** The person already has that doctor on the slot's day (held, offered or booked), from any account. */
  hasDoctorThatDay: boolean;
  /** The person has another visit overlapping the slot: they could not take it. */
  busyThen: boolean;
  /** This slot was offered to this entry before. */
  offeredBefore: boolean;
}

/**
 * Whether an entry can be offered the slot: still waiting (no open offer), its range and part of
 * the day suit the slot, it was not offered this slot before, and its person is free then and has
 * no visit with that doctor that day.
 */
export function canTake(entry: Candidate, slot: { doctorId: string; start: Date }): boolean {
  return entry.status === 'waiting' && suits(entry, slot) && !entry.offeredBefore && !entry.hasDoctorThatDay && !entry.busyThen;
}

/**
 * Until when a slot starting at `start` can be offered at `now`: `offerMinutes` from now, but only
 * when the patient could still hold it by then (it starts at least `minLeadMinutes` after the offer
 * ends). Undefined: too close to offer; it is free for everyone.
 */
export function offerExpiry(start: Date, now: Date, settings: { offerMinutes: number; minLeadMinutes: number }): Date | undefined {
  const expiresAt = new Date(now.getTime() + settings.offerMinutes * 60_000);
  return start.getTime() - settings.minLeadMinutes * 60_000 >= expiresAt.getTime() ? expiresAt : undefined;
}

/** An entry whose last day is over has ended (`expired`). */
export function rangeOver(entry: { toDay: string }, now: Date): boolean {
  return entry.toDay < toTehranIsoDate(now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `earlier` to `later` (negative when later is before). */
export function daysBetween(earlier: Date, later: Date): number {
  return Math.round((later.getTime() - earlier.getTime()) / DAY_MS);
}

/** The median of `values`, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
