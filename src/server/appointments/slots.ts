import type { SlotDay } from '#lib/api/contracts/appointments.ts';
import { BOOKING_WINDOW_DAYS } from '#lib/api/contracts/appointments.ts';
import { addDays, findSlot, type OpenDay, openDays, type SlotTime, tehranInstant } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import type { Doctor } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { type BookingContext, doctorOf } from './context.ts';
import { leavesOverlapping, occupiedStarts } from './repository.ts';

/** The last instant a slot may start: the end of the 31st day from today (Tehran). */
export function bookingHorizon(now: Date): Date {
  return tehranInstant(addDays(toTehranIsoDate(now), BOOKING_WINDOW_DAYS), '00:00');
}

/** The first instant a slot may start at `now`: BOOKING_MIN_LEAD_MINUTES ahead, time to pay and to get there. */
export function earliestStart(ctx: BookingContext, now: Date): Date {
  return new Date(now.getTime() + ctx.settings.minLeadMinutes * 60_000);
}

interface DayRange {
  from: string;
  days: number;
}

/** The doctor's open days over `range`, with what the database says is taken at `now`. */
async function daysWithOccupancy(db: Db, ctx: BookingContext, doctorId: string, doctor: Doctor, range: DayRange, now: Date) {
  const fromInstant = tehranInstant(range.from, '00:00');
  const toInstant = tehranInstant(addDays(range.from, range.days), '00:00');
  const [leaves, taken] = await Promise.all([leavesOverlapping(db, doctorId, fromInstant, toInstant), occupiedStarts(db, { doctorId, from: fromInstant, to: toInstant, now })]);
  const days = openDays(doctor, {
    from: range.from,
    days: range.days,
    now,
    earliest: earliestStart(ctx, now),
    until: bookingHorizon(now),
    holiday: ctx.holiday,
    leaves: leaves.map((leave) => ({ start: leave.startsAt, end: leave.endsAt })),
  });
  return { days, taken };
}

const free = (slot: SlotTime, taken: Set<number>) => !taken.has(slot.start.getTime());

/**
 * A slot's start and end as the answer writes them. daySlots hands out the same slot objects for
 * a doctor's day every time, so each slot's text is written once, not twice per slot per read.
 */
const slotTexts = new WeakMap<SlotTime, { start: string; end: string }>();
function textsOf(slot: SlotTime): { start: string; end: string } {
  let texts = slotTexts.get(slot);
  if (!texts) slotTexts.set(slot, (texts = { start: slot.start.toISOString(), end: slot.end.toISOString() }));
  return texts;
}

function toSlotDay(day: OpenDay, taken: Set<number>): SlotDay {
  return {
    date: day.date,
    slots: day.slots.map((slot) => ({
      ...textsOf(slot),
      available: free(slot, taken),
      turn: slot.turn,
      clinic_id: slot.clinic,
    })),
    ...(day.holiday ? { holiday: day.holiday } : {}),
    ...(day.onLeave ? { on_leave: true } : {}),
  };
}

/**
 * `GET /appointments/slots`: the doctor's days from `from` (default today in Tehran) for `days`
 * days, each with its slots and whether each is free at `now`. Days before today are skipped, and
 * so are slots starting sooner than the minimum lead time (left out, as past ones are).
 */
export async function listSlots(db: Db, ctx: BookingContext, query: { doctorId: string; from?: string | undefined; days: number }, now: Date) {
  const doctor = doctorOf(ctx, query.doctorId);
  const today = toTehranIsoDate(now);
  const from = query.from && query.from > today ? query.from : today;
  const { days, taken } = await daysWithOccupancy(db, ctx, query.doctorId, doctor, { from, days: query.days }, now);
  const result = days.map((day) => toSlotDay(day, taken));
  const nextFree = result.flatMap((day) => day.slots).find((slot) => slot.available)?.start;
  const { cancelFreeHours, holdMinutes, minLeadMinutes } = ctx.settings;
  return { days: result, from, fee: doctor.visit_fee_rial, visitMinutes: doctor.visit_minutes, cancelFreeHours, holdMinutes, minLeadMinutes, ...(nextFree ? { nextFree } : {}) };
}

/**
 * The next `limit` free starts of the doctor from `now` within the booking window (the 409's
 * alternatives). Looks a week ahead first, the whole window only when that week has too few: a 409
 * in a race is answered quickly.
 */
export async function nextFreeStarts(db: Db, { ctx, doctorId, now, limit = 5 }: { ctx: BookingContext; doctorId: string; now: Date; limit?: number }): Promise<string[]> {
  const doctor = ctx.catalogue.doctors.get(doctorId);
  if (!doctor) return [];
  const today = toTehranIsoDate(now);
  let starts: string[] = [];
  for (const days of [7, BOOKING_WINDOW_DAYS + 1]) {
    const { days: open, taken } = await daysWithOccupancy(db, ctx, doctorId, doctor, { from: today, days }, now);
    starts = open
      .flatMap((day) => day.slots)
      .filter((slot) => free(slot, taken))
      .slice(0, limit)
      .map((slot) => slot.start.toISOString());
    if (starts.length >= limit) break;
  }
  return starts;
}

export type SlotCheck = { ok: true; slot: SlotTime } | { ok: false; reason: 'not_a_slot' | 'unavailable' | 'too_soon' };

/**
 * Whether `start` is a slot the doctor offers now: on the schedule, at least the minimum lead time
 * ahead, inside the window, not on a holiday or a leave. Occupancy is left to the database's unique index.
 */
export async function checkSlot(db: Db, { ctx, doctorId, doctor, start, now }: { ctx: BookingContext; doctorId: string; doctor: Doctor; start: Date; now: Date }): Promise<SlotCheck> {
  const check = checkSchedule(ctx, { doctor, start, now });
  if (!check.ok) return check;
  const leaves = await leavesOverlapping(db, doctorId, check.slot.start, check.slot.end);
  return leaves.length > 0 ? { ok: false, reason: 'unavailable' } : check;
}

/**
 * checkSlot without the doctor's leaves (no query): for a caller that reads the leaves itself, under
 * the doctor's schedule lock (holdSlot).
 */
export function checkSchedule(ctx: BookingContext, { doctor, start, now }: { doctor: Doctor; start: Date; now: Date }): SlotCheck {
  const slot = findSlot(doctor, start);
  if (!slot) return { ok: false, reason: 'not_a_slot' };
  if (slot.start <= now || slot.start > bookingHorizon(now) || ctx.holiday(toTehranIsoDate(slot.start))) return { ok: false, reason: 'unavailable' };
  if (slot.start < earliestStart(ctx, now)) return { ok: false, reason: 'too_soon' };
  return { ok: true, slot };
}
