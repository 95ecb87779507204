/**
 * The visit day (spec/api.md "Visit day"): a doctor's queue rebuilt from the day's log, the
 * patient's place in it, their check-in, and the desk's events. Every write takes the day's
 * advisory lock, appends one row and NOTIFYs, so every process's live streams hear of it.
 */
import type { CheckIn, DeskQueue, PatientQueue, PublicBoard, QueueEventInput } from '#lib/api/contracts/queue.ts';
import { tehranDayBounds } from '#lib/appointments/slots.ts';
import { floorName } from '#lib/catalogue/address.ts';
import { tehranClockTime } from '#lib/catalogue/schedule.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { type BookingContext, doctorName, doctorOf } from '../appointments/context.ts';
import { type AppointmentRow, confirmedBetween, findAppointment, findAppointmentOf } from '../appointments/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { QueueContext } from './context.ts';
import { queueMessages as M } from './messages.ts';
import { tellQueue } from './notices.ts';
import { appendEvent, dayEvents, lockDay } from './repository.ts';
import { refuseEvent } from './rules.ts';
import { aheadOf, boardOf, type DayQueue, estimateFor, type QueueAppointment, type QueueEntry, type QueueEventRecord, replayDay } from './state.ts';

/** The Tehran day of `now`, `YYYY-MM-DD`. */
export const tehranDay = (now: Date) => toTehranIsoDate(now);

const patientName = (row: AppointmentRow) => `${row.patientFirstName ?? ''} ${row.patientLastName ?? ''}`.trim();

/** What a doctor's day is rebuilt from: its confirmed appointments, its log and the doctor's visit length. */
async function readDay(db: Db, ctx: BookingContext, doctorId: string, day: string): Promise<{ appointments: QueueAppointment[]; events: QueueEventRecord[]; visitMinutes: number }> {
  const doctor = doctorOf(ctx, doctorId);
  const { start, end } = tehranDayBounds(day);
  const [rows, events] = await Promise.all([confirmedBetween(db, start, end, doctorId), dayEvents(db, doctorId, day)]);
  const appointments = rows.map((row) => ({ key: row.key, startsAt: row.startsAt, accountId: row.accountId, patientName: patientName(row) }));
  return { appointments, events, visitMinutes: doctor.visit_minutes };
}

/** A doctor's day as it stands: the confirmed appointments numbered in slot order, with the log replayed over them. */
export async function loadDay(db: Db, ctx: BookingContext, doctorId: string, day: string): Promise<DayQueue> {
  const { appointments, events, visitMinutes } = await readDay(db, ctx, doctorId, day);
  return replayDay(appointments, events, visitMinutes);
}

/** When «رسیدم» opens for `entry`: CHECKIN_OPEN_MINUTES before its slot. */
const checkInOpensAt = (ctx: QueueContext, entry: QueueEntry) => new Date(entry.startsAt.getTime() - ctx.settings.checkInOpenMinutes * 60_000);

/** Why `row` is not in today's queue, or nothing when it is. */
function notInToday(row: AppointmentRow, now: Date): string | undefined {
  if (row.status === 'cancelled') return M.cancelled;
  if (row.status !== 'confirmed') return M.notConfirmed;
  if (tehranDay(row.startsAt) !== tehranDay(now)) return M.notToday;
  return undefined;
}

/** The caller's appointment if it is in today's queue: 404 for anyone else's, 409 with the reason otherwise. */
export async function todaysVisitOf(db: Db, { accountId, key, now }: { accountId: number; key: string; now: Date }): Promise<AppointmentRow> {
  const row = await findAppointmentOf(db, accountId, key);
  if (!row) throw new AppError('not_found', M.appointmentNotFound);
  const refusal = notInToday(row, now);
  if (refusal) throw new AppError('conflict', refusal);
  return row;
}

/** Where the patient goes: the clinic of the slot's session, its building and floor, and the doctor's room. */
function placeOf(ctx: BookingContext, row: AppointmentRow): PatientQueue['place'] {
  const clinic = ctx.catalogue.clinics.get(row.clinicId);
  const doctor = ctx.catalogue.doctors.get(row.doctorId);
  const startTime = tehranClockTime(row.startsAt);
  const session = doctor?.schedule.find((s) => s.clinic === row.clinicId && s.start <= startTime && startTime < s.end) ?? doctor?.schedule.find((s) => s.clinic === row.clinicId);
  return {
    clinic: clinic?.name ?? '',
    building: clinic?.building ?? '',
    floor: clinic ? floorName(clinic.floor) : '',
    ...(session?.room ? { room: session.room } : {}),
  };
}

/** The patient's place in `day`, for the appointment `row`. */
export function patientView(ctx: QueueContext, { day, row, now }: { day: DayQueue; row: AppointmentRow; now: Date }): PatientQueue {
  const entry = day.entries.find((candidate) => candidate.key === row.key);
  // Cancelled since the stream opened (a leave filed during the day): the row says so.
  if (!entry) throw new AppError('conflict', M.cancelled);
  const opensAt = checkInOpensAt(ctx, entry);
  const estimate = estimateFor(day, entry, now);
  return {
    date: tehranDay(row.startsAt),
    session: day.session,
    number: entry.number,
    ahead: aheadOf(day, entry),
    ...(day.nowServing ? { now_serving: day.nowServing } : {}),
    ...(estimate ? { estimated_at: estimate.toISOString() } : {}),
    delay_minutes: day.delayMinutes,
    ...(entry.checkedInAt ? { checked_in_at: entry.checkedInAt.toISOString() } : {}),
    status: entry.status,
    can_check_in: (entry.status === 'waiting' || entry.status === 'no_show') && day.session !== 'ended' && now >= opensAt,
    check_in_opens_at: opensAt.toISOString(),
    pace_minutes: day.pace.minutes,
    pace_observed: day.pace.observed,
    as_of: now.toISOString(),
    start: row.startsAt.toISOString(),
    doctor_name: doctorName(ctx.booking.catalogue.doctors.get(row.doctorId)),
    place: placeOf(ctx.booking, row),
  };
}

/** `GET /appointments/{key}/queue`. */
export async function patientQueue(db: Db, ctx: QueueContext, { accountId, key, now }: { accountId: number; key: string; now: Date }): Promise<PatientQueue> {
  const row = await todaysVisitOf(db, { accountId, key, now });
  const day = await loadDay(db, ctx.booking, row.doctorId, tehranDay(now));
  return patientView(ctx, { day, row, now });
}

/** When the patient of `key` checked in, unless they are not in `day`, have not, or were marked absent since. */
function checkedInAt(day: DayQueue, key: string): string | undefined {
  const entry = day.entries.find((candidate) => candidate.key === key);
  return entry?.checkedInAt && entry.status !== 'no_show' ? entry.checkedInAt.toISOString() : undefined;
}

/**
 * `POST /appointments/{key}/check-in`: "I have arrived", from CHECKIN_OPEN_MINUTES before the slot
 * until the session ends. Idempotent: a second press answers the first time.
 */
export async function checkIn(db: Db, ctx: QueueContext, { accountId, key, now }: { accountId: number; key: string; now: Date }): Promise<CheckIn> {
  const row = await todaysVisitOf(db, { accountId, key, now });
  const today = tehranDay(now);
  // A repeat press (or a script pressing in a loop) is answered from a plain read: only a
  // check-in still to record takes the day's lock, which the desk's events wait on.
  const already = checkedInAt(await loadDay(db, ctx.booking, row.doctorId, today), row.key);
  if (already) return { checked_in_at: already };
  return db.transaction(async (tx) => {
    await lockDay(tx, row.doctorId, today);
    const day = await loadDay(tx, ctx.booking, row.doctorId, today);
    const entry = day.entries.find((candidate) => candidate.key === row.key);
    if (!entry) throw new AppError('conflict', M.cancelled);
    const recorded = checkedInAt(day, row.key);
    if (recorded) return { checked_in_at: recorded };
    if (entry.status === 'called') throw new AppError('conflict', M.alreadyCalled);
    if (entry.status === 'done') throw new AppError('conflict', M.alreadyDone);
    if (day.session === 'ended') throw new AppError('conflict', M.checkInClosed);
    const opensAt = checkInOpensAt(ctx, entry);
    if (now < opensAt) throw new AppError('conflict', M.checkInNotYet(opensAt));
    await appendEvent(tx, {
      doctorId: row.doctorId,
      day: today,
      seq: day.lastSeq + 1,
      type: 'checked_in',
      appointmentKey: row.key,
      minutes: null,
      source: 'patient',
      actor: `account:${accountId}`,
      createdAt: now,
    });
    return { checked_in_at: now.toISOString() };
  });
}

/** The desk's view of a day. */
export function deskView(doctorId: string, date: string, day: DayQueue): DeskQueue {
  return {
    doctor_id: doctorId,
    date,
    session: day.session,
    ...(day.nowServing ? { now_serving: day.nowServing } : {}),
    delay_minutes: day.delayMinutes,
    pace_minutes: day.pace.minutes,
    events: day.lastSeq,
    entries: day.entries.map((entry) => ({
      number: entry.number,
      key: entry.key,
      start: entry.startsAt.toISOString(),
      patient_name: entry.patientName,
      status: entry.status,
      ...(entry.checkedInAt ? { checked_in_at: entry.checkedInAt.toISOString() } : {}),
      ...(entry.checkedInBy ? { checked_in_by: entry.checkedInBy } : {}),
      ...(entry.calledAt ? { called_at: entry.calledAt.toISOString() } : {}),
    })),
  };
}

/** `GET /api/hospital/v1/queue/{doctor_id}?date=`: 404 for an unknown doctor. */
export async function deskQueue(db: Db, ctx: BookingContext, { doctorId, date }: { doctorId: string; date: string }): Promise<DeskQueue> {
  return deskView(doctorId, date, await loadDay(db, ctx, doctorId, date));
}

/** Why the appointment `key` named by a desk event is not in `doctorId`'s queue today. */
async function refuseAppointment(db: Db, { doctorId, key, now }: { doctorId: string; key: string; now: Date }): Promise<never> {
  const row = await findAppointment(db, key);
  if (!row) throw new AppError('not_found', M.appointmentNotFound);
  if (row.doctorId !== doctorId) throw new AppError('conflict', M.otherDoctor);
  throw new AppError('conflict', notInToday(row, now) ?? M.notConfirmed);
}

/**
 * `POST /api/hospital/v1/queue/{doctor_id}/events`: checks the event against today's queue
 * (queue/rules.ts), appends it in order, then sends the SMS it calls for. Answers the desk's view
 * after the event. The hospital endpoint makes a repeat with the same Idempotency-Key a replay.
 */
export async function recordDeskEvent(
  db: Db,
  ctx: QueueContext,
  { doctorId, event, actor, now, quiet = false }: { doctorId: string; event: QueueEventInput; actor: string; now: Date; quiet?: boolean },
): Promise<DeskQueue> {
  doctorOf(ctx.booking, doctorId);
  const today = tehranDay(now);
  const { before, after } = await db.transaction(async (tx) => {
    await lockDay(tx, doctorId, today);
    const { appointments, events, visitMinutes } = await readDay(tx, ctx.booking, doctorId, today);
    const day = replayDay(appointments, events, visitMinutes);
    const entry = event.appointment_key ? day.entries.find((candidate) => candidate.key === event.appointment_key) : undefined;
    if (event.appointment_key && !entry) await refuseAppointment(tx, { doctorId, key: event.appointment_key, now });
    refuseEvent(day, event, entry);
    const record: QueueEventRecord = {
      seq: day.lastSeq + 1,
      type: event.type,
      appointmentKey: event.appointment_key ?? null,
      minutes: event.minutes ?? null,
      source: 'desk',
      createdAt: now,
    };
    await appendEvent(tx, { doctorId, day: today, ...record, actor });
    return { before: day, after: replayDay(appointments, [...events, record], visitMinutes) };
  });
  if (!quiet) await tellQueue(db, ctx, { doctorId, before, after, event, now });
  return deskView(doctorId, today, after);
}

/** `GET /public/queue/{doctor_id}`: today's board; 404 for an unknown doctor. */
export async function publicBoard(db: Db, ctx: BookingContext, { doctorId, now }: { doctorId: string; now: Date }): Promise<PublicBoard> {
  doctorOf(ctx, doctorId);
  const date = tehranDay(now);
  return boardOf(await loadDay(db, ctx, doctorId, date), date, now);
}
