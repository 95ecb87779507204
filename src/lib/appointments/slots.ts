/**
 * A doctor's bookable slots, computed from the catalogue's weekly schedule (`schedule`,
 * `visit_minutes`) in Tehran time. Pure: the server adds what the database knows (taken slots,
 * leaves) and the official holidays. Iran has kept UTC+03:30 all year since 2022, so a Tehran wall
 * time is one fixed offset away from UTC.
 */
import type { DayKey, Session } from '../catalogue/schedule.ts';
import { toTehranIsoDate } from '../format/date.ts';

export const TEHRAN_OFFSET = '+03:30';
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS: readonly DayKey[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface BookableDoctor {
  schedule: readonly Session[];
  visit_minutes: number;
}

export interface SlotTime {
  start: Date;
  end: Date;
  /** The slot's number within its session, from 1. */
  turn: number;
  clinic: string;
}

/** The instant of a Tehran wall time (`day` YYYY-MM-DD, `time` HH:MM). */
export function tehranInstant(day: string, time: string): Date {
  return new Date(`${day}T${time}:00${TEHRAN_OFFSET}`);
}

/** The instant the Tehran day of `now` began. */
export function startOfTehranDay(now: Date): Date {
  return tehranInstant(toTehranIsoDate(now), '00:00');
}

/** The instants the Tehran day `day` (YYYY-MM-DD) begins and ends: the end is the next day's start. */
export function tehranDayBounds(day: string): { start: Date; end: Date } {
  return { start: tehranInstant(day, '00:00'), end: tehranInstant(addDays(day, 1), '00:00') };
}

/** The Tehran day `count` days after `day` (both YYYY-MM-DD). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The week day of a Tehran calendar day. */
export function weekdayOf(day: string): DayKey {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * daySlots' answers per doctor (the catalogue's object) and day. A slots read asks for a doctor's
 * next 14 or 31 days on every request, and a schedule's slots on a given day do not change while
 * the catalogue object lives. At most this many days per doctor are kept, the oldest asked first
 * going first.
 */
const DAYS_KEPT = 64;
const keptSlots = new WeakMap<BookableDoctor, Map<string, readonly SlotTime[]>>();

/**
 * Every slot of the doctor's sessions on `day`, in time order; `turn` counts within each session.
 * The same frozen list for the same doctor and day: callers read it and never change it.
 */
export function daySlots(doctor: BookableDoctor, day: string): readonly SlotTime[] {
  let days = keptSlots.get(doctor);
  if (!days) keptSlots.set(doctor, (days = new Map()));
  let slots = days.get(day);
  if (!slots) {
    slots = Object.freeze(computeDaySlots(doctor, day).map((slot) => Object.freeze(slot)));
    if (days.size >= DAYS_KEPT) days.delete(days.keys().next().value!);
    days.set(day, slots);
  }
  return slots;
}

function computeDaySlots(doctor: BookableDoctor, day: string): SlotTime[] {
  const weekday = weekdayOf(day);
  const slots: SlotTime[] = [];
  const step = doctor.visit_minutes;
  if (!Number.isInteger(step) || step <= 0) return slots;
  for (const session of doctor.schedule.filter((s) => s.day === weekday)) {
    const sessionStart = tehranInstant(day, session.start).getTime();
    const length = minutesOf(session.end) - minutesOf(session.start);
    for (let offset = 0, turn = 1; offset + step <= length; offset += step, turn++) {
      slots.push({
        start: new Date(sessionStart + offset * 60_000),
        end: new Date(sessionStart + (offset + step) * 60_000),
        turn,
        clinic: session.clinic,
      });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The slot of `doctor` that starts exactly at `start`, if the schedule has one. */
export function findSlot(doctor: BookableDoctor, start: Date): SlotTime | undefined {
  const day = toTehranIsoDate(start);
  return daySlots(doctor, day).find((slot) => slot.start.getTime() === start.getTime());
}

export interface Interval {
  start: Date;
  end: Date;
}

const overlaps = (slot: Interval, other: Interval) => slot.start < other.end && other.start < slot.end;

export interface OpenDay {
  date: string;
  slots: readonly SlotTime[];
  holiday?: string;
  onLeave?: boolean;
}

export interface OpenDaysOptions {
  /** First Tehran day. */
  from: string;
  days: number;
  now: Date;
  /** The first instant a slot may start (now plus the minimum lead time); `now` when unset. */
  earliest?: Date;
  /** The last instant bookable (the booking window's end). */
  until: Date;
  /** An official holiday's name, if `day` is one. */
  holiday: (day: string) => string | undefined;
  leaves: readonly Interval[];
}

/**
 * The days from `from` for `days` days with the slots a patient may book (taken or not): none in
 * the past, none before `earliest` (the minimum lead time), none beyond `until`, none on an official holiday, none inside a leave. Days without
 * sessions are left out; a holiday or a leave on a working day is kept and said.
 */
export function openDays(doctor: BookableDoctor, options: OpenDaysOptions): OpenDay[] {
  const result: OpenDay[] = [];
  for (let i = 0; i < options.days; i++) {
    const date = addDays(options.from, i);
    const all = daySlots(doctor, date);
    if (all.length === 0) continue;
    const holiday = options.holiday(date);
    if (holiday) {
      result.push({ date, slots: [], holiday });
      continue;
    }
    const onLeave = all.some((slot) => options.leaves.some((leave) => overlaps(slot, leave)));
    const earliest = options.earliest && options.earliest > options.now ? options.earliest : undefined;
    const slots = all.filter(
      (slot) => slot.start > options.now && (!earliest || slot.start >= earliest) && slot.start <= options.until && !options.leaves.some((leave) => overlaps(slot, leave)),
    );
    result.push({ date, slots, ...(onLeave ? { onLeave } : {}) });
  }
  return result;
}
