import type { Appointment, HoldBody } from '#lib/api/contracts/appointments.ts';
import { maskPhone } from '../auth/limits.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { advisoryLock } from '../db/locks.ts';
import { AppError } from '../errors.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { recordEvent, refusal } from '../limits/service.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { type Payable, payPayable, settlePayableMoney } from '../payments/payable.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { afterSlotFreed, offerBooked, offerSlot, releaseStaleInSlot } from '../waitlist/offers.ts';
import { alternativesFor, forgetFreeStarts } from './alternatives.ts';
import { type BookingContext, doctorName, doctorOf } from './context.ts';
import { holdLimitMessages, bookingMessages as M } from './messages.ts';
import { tellPatient } from './notices.ts';
import { toAppointment } from './present.ts';
import { appointmentEscrow, releaseUnconfirmed } from './release.ts';
import { scheduleReminder } from './reminders.ts';
import {
  ACTIVE_SLOT_CONSTRAINT,
  APPOINTMENT_KEY_CONSTRAINT,
  type AppointmentRow,
  type AppointmentScope,
  findAppointmentOf,
  identityOfAccount,
  insertAppointment,
  keeperOfSlot,
  lastLapseOfPhoneInSlot,
  leavesOverlapping,
  listAppointmentsOf,
  lockAppointmentOf,
  lockDoctorSchedule,
  lockPerson,
  lockUnconfirmedOf,
  openHoldsFrom,
  openHoldsOfPhone,
  type PersonBusy,
  paidPaymentsByIds,
  personBusyBetween,
  updateAppointment,
} from './repository.ts';
import { inTurn, KEPT_BEFORE } from './slot-turns.ts';
import { bookingHorizon, checkSchedule, nextFreeStarts } from './slots.ts';

/** The account booking: its id and name (for a booking for themself). */
export interface Booker {
  id: number;
  firstName: string;
  lastName: string;
  /** The address the request came from, for the per-address limit (none for the hospital's own tools). */
  address?: string;
}

/** The limits buckets that count refused holds, by the phone and by the address (`hold-refusals`). */
export const HOLD_REFUSAL_BUCKETS = { phone: 'hold-refused-phone', address: 'hold-refused-address' } as const;

/** A hold refused by a limit inside the transaction: thrown to roll it back, then logged, counted and turned into the 429. */
class HoldRefused extends Error {
  readonly reason: 'phone' | 'address' | 'lapsed';
  readonly opensAt: number;
  readonly wording: (seconds: number) => string;

  constructor(reason: 'phone' | 'address' | 'lapsed', opensAt: number, wording: (seconds: number) => string) {
    super(`hold refused: ${reason}`);
    this.reason = reason;
    this.opensAt = opensAt;
    this.wording = wording;
  }
}

/**
 * 409 with the doctor's next free starts (api.md: `data.alternatives`); for a refused hold
 * (`refusedHold`, read outside any transaction) through the shared read of alternatives.ts.
 */
export async function slotTaken(
  db: Db,
  { ctx, doctorId, now, message = M.slotTaken, refusedHold }: { ctx: BookingContext; doctorId: string; now: Date; message?: string; refusedHold?: { start: Date } },
): Promise<AppError> {
  const alternatives = refusedHold ? await alternativesFor(db, { ctx, doctorId, now, refused: refusedHold.start }) : await nextFreeStarts(db, { ctx, doctorId, now });
  return new AppError('conflict', message, { data: { alternatives } });
}

/** Whom a hold or a move is for: the person's national code and the name the messages use. */
export interface Person {
  nationalCode: string;
  /** Null when it is the booking account's own holder («شما»). */
  name: string | null;
}

/** The person already has an overlapping visit: thrown inside the transaction to roll it back, then turned into the 409. */
export class PersonBusyRefusal extends Error {
  readonly busy: PersonBusy;
  constructor(busy: PersonBusy) {
    super('person busy');
    this.busy = busy;
  }
}

/**
 * 409 for a person who already has a visit overlapping the slot: names that visit (doctor and
 * Jalali time) when it was booked from the caller's own phone, only that there is one otherwise
 * (another phone's bookings are not the caller's to read); with the doctor's next free starts that
 * this person is free at.
 */
export async function personBusy(
  db: Db,
  { ctx, who, busy, now }: { ctx: BookingContext; who: { person: Person; phone: string; doctorId: string }; busy: PersonBusy; now: Date },
): Promise<AppError> {
  const ours = busy.ownerPhone === who.phone;
  const message = ours ? M.personBusy(who.person.name, doctorName(ctx.catalogue.doctors.get(busy.doctorId)), busy.startsAt) : M.personBusyElsewhere(who.person.name);
  const candidates = await nextFreeStarts(db, { ctx, doctorId: who.doctorId, now, limit: 10 });
  const visits = await personBusyBetween(db, { nationalCode: who.person.nationalCode, from: now, to: bookingHorizon(now), now });
  const free = candidates.filter((start) => {
    const at = Date.parse(start);
    const doctor = ctx.catalogue.doctors.get(who.doctorId);
    const end = at + (doctor?.visit_minutes ?? 0) * 60_000;
    return !visits.some((visit) => visit.startsAt.getTime() < end && visit.endsAt.getTime() > at);
  });
  return new AppError('conflict', message, { data: { alternatives: free.slice(0, 5) } });
}

/** Only keys of our shape are looked up; anything else is simply not found. */
export function checkedKey(key: string): string {
  if (!isBusinessKey('AP', key)) throw new AppError('not_found', M.appointmentNotFound);
  return key;
}

const sameStart = (a: Date, b: Date) => a.getTime() === b.getTime();

/** A hold attempt that found the slot kept by another account: answered 409 once its turn is over. */
interface SlotKept {
  keptBy: number;
}

export interface HoldRequest {
  ctx: BookingContext;
  booker: Booker;
  body: HoldBody;
  now: Date;
}

/**
 * `POST /appointments/hold`: holds the slot for HOLD_MINUTES. The database decides who gets a
 * contested slot (the partial unique index); the loser gets 409 with alternatives. A slot already
 * kept by someone else is answered 409 first, before any lock or limit is looked at. The caller's
 * earlier unconfirmed hold is released in the same transaction (one per account); a repeat of the
 * same hold returns it unchanged.
 *
 * Holds are free and a phone carries a family's accounts, so the open holds (held or waiting for
 * the bank) of all the accounts of the booker's phone together are limited (HOLD_LIMIT_PER_PHONE),
 * and those made from one address (HOLD_LIMIT_PER_ADDRESS); a phone whose hold of a slot ended
 * unpaid may not hold that slot again for HOLD_MINUTES, so a slot is not held round the clock by
 * re-holding it at each expiry. Each count is read under advisory locks on the address, then the
 * phone (always in that order), so parallel holds of one phone or address are counted one after
 * another. A refusal is a 429 with Retry-After, logged and counted (`hold-refusals`).
 *
 * A person (the caller, or the relative of `for`, by national code) never holds two overlapping
 * visits, whichever accounts booked them: under the person's advisory lock, taken after the phone's,
 * a hold overlapping one of theirs (held, awaiting payment or confirmed) is refused with 409
 * (`personBusy`). Slots sooner than BOOKING_MIN_LEAD_MINUTES are refused with 409 and alternatives.
 */
export async function holdSlot(db: Db, { ctx, booker, body, now }: HoldRequest): Promise<Appointment> {
  const doctor = doctorOf(ctx, body.doctor_id);
  const start = new Date(body.start);
  // The doctor's leaves are read in the transaction, under the schedule lock.
  const check = checkSchedule(ctx, { doctor, start, now });
  if (!check.ok) {
    if (check.reason === 'not_a_slot') throw new AppError('invalid_input', M.notASlot, { errors: { start: [M.notASlot] } });
    throw await slotTaken(db, { ctx, doctorId: body.doctor_id, now, message: check.reason === 'too_soon' ? M.tooSoon(ctx.settings.minLeadMinutes) : M.slotUnavailable });
  }
  const { slot } = check;
  const patient = body.for
    ? { forSelf: false, patientFirstName: body.for.first_name, patientLastName: body.for.last_name, patientNationalCode: body.for.international_code }
    : { forSelf: true, patientFirstName: booker.firstName, patientLastName: booker.lastName, patientNationalCode: null };
  const { holdMinutes, holdLimitPerPhone, holdLimitPerAddress } = ctx.settings;
  // Read in the transaction; the refusals below name them.
  let who: { phone: string; person: Person } | undefined;
  const unavailable = (tx: Db) => slotTaken(tx, { ctx, doctorId: body.doctor_id, now, message: M.slotUnavailable });
  const taken = () => slotTaken(db, { ctx, doctorId: body.doctor_id, now, refusedHold: { start: slot.start } });
  try {
    // One attempt of this process at a time per slot, first reading whether someone else plainly
    // keeps it (unlocked, outside any transaction); those waiting meanwhile hold no connection and
    // learn the answer from it. When a crowd wants one slot, the losers cost one read at most and
    // find their alternatives outside any transaction. The unique slot index decides every insert.
    // The attempt before ours held the slot, or found it kept, for another account: so is it for us.
    const keptFromUs = (outcome: AppointmentRow | AppError | SlotKept) => !(outcome instanceof AppError) && ('keptBy' in outcome ? outcome.keptBy : outcome.accountId) !== booker.id;
    const row = await inTurn(db, { slotKey: `${body.doctor_id}@${slot.start.getTime()}`, keeps: keptFromUs }, async () => {
      const keeper = await keeperOfSlot(db, body.doctor_id, slot.start, now);
      if (keeper && (keeper.accountId !== booker.id || keeper.status === 'offered')) return { keptBy: keeper.accountId } satisfies SlotKept;
      return db.transaction(async (tx) => {
        const identity = await identityOfAccount(tx, booker.id);
        if (identity === undefined) throw new Error(`Account ${booker.id} not found`);
        const { phone } = identity;
        const person: Person = body.for
          ? { nationalCode: body.for.international_code, name: `${body.for.first_name} ${body.for.last_name}` }
          : { nationalCode: identity.nationalCode, name: null };
        who = { phone, person };
        if (booker.address !== undefined) await advisoryLock(tx, `hold-address:${booker.address}`);
        await advisoryLock(tx, `hold-phone:${phone}`);
        await lockPerson(tx, person.nationalCode);
        // A leave filed for this doctor waits for holds in flight, and holds wait for it (repository).
        await lockDoctorSchedule(tx, body.doctor_id, 'shared');
        await lockWallet(tx, booker.id);
        if ((await leavesOverlapping(tx, body.doctor_id, slot.start, slot.end)).length > 0) return unavailable(tx);
        const owned = await lockUnconfirmedOf(tx, booker.id);
        // The account's own live hold of this very slot (for another patient): replaced below, keeping its time.
        const sameSlot = owned.find((own) => own.doctorId === body.doctor_id && sameStart(own.startsAt, slot.start) && own.expiresAt !== null && own.expiresAt > now);
        for (const own of owned) {
          const repeat =
            own.doctorId === body.doctor_id &&
            sameStart(own.startsAt, slot.start) &&
            own.expiresAt !== null &&
            own.expiresAt > now &&
            own.forSelf === patient.forSelf &&
            own.patientNationalCode === patient.patientNationalCode &&
            own.patientFirstName === patient.patientFirstName &&
            own.patientLastName === patient.patientLastName;
          if (repeat) return own;
        }
        if (!sameSlot) {
          const lapsed = await lastLapseOfPhoneInSlot(tx, { phone, doctorId: body.doctor_id, startsAt: slot.start, now });
          const opensAt = lapsed ? lapsed.getTime() + holdMinutes * 60_000 : 0;
          if (opensAt > now.getTime()) throw new HoldRefused('lapsed', opensAt, holdLimitMessages.lapsed);
        }
        // The account's earlier hold of another slot lets it go: offered to the waitlist last, below.
        const letGo: AppointmentRow[] = [];
        for (const own of owned) {
          const released = await releaseUnconfirmed(tx, { row: own, now, ending: { status: 'expired' }, refundNow: true });
          if (!(released.doctorId === body.doctor_id && sameStart(released.startsAt, slot.start))) letGo.push(released);
        }
        const offerLetGo = async () => {
          for (const released of letGo) await afterSlotFreed(tx, ctx, released, now);
        };
        // Checked after the account's own hold is released: a new hold may replace it at the same time.
        const [busy] = await personBusyBetween(tx, { nationalCode: person.nationalCode, from: slot.start, to: slot.end, now });
        if (busy) throw new PersonBusyRefusal(busy);
        // Counted after the account's own hold is released: a new hold replaces it, it does not add one.
        const ofPhone = await openHoldsOfPhone(tx, phone, now);
        if (ofPhone.length >= holdLimitPerPhone) throw new HoldRefused('phone', ofPhone[ofPhone.length - holdLimitPerPhone]!.getTime(), holdLimitMessages.perPhone(holdLimitPerPhone));
        if (booker.address !== undefined) {
          const fromAddress = await openHoldsFrom(tx, booker.address, now);
          if (fromAddress.length >= holdLimitPerAddress) {
            throw new HoldRefused('address', fromAddress[fromAddress.length - holdLimitPerAddress]!.getTime(), holdLimitMessages.perAddress(holdLimitPerAddress));
          }
        }
        // Someone else's lapsed hold of this slot: freed here, no cron needed. Its wallet money goes
        // back by the release job (this transaction does not hold that wallet's lock).
        const stale = await releaseStaleInSlot(tx, { doctorId: body.doctor_id, start: slot.start }, now);
        // A lapsed hold's slot is a freed slot: the waitlist's first patient comes before this caller.
        if (stale > 0 && (await offerSlot(tx, ctx, { doctorId: body.doctor_id, start: slot.start }, now))) {
          await offerLetGo();
          return unavailable(tx);
        }
        const held = await withFreshKey(tx, 'AP', APPOINTMENT_KEY_CONSTRAINT, (savepoint, key) =>
          insertAppointment(savepoint, {
            key,
            accountId: booker.id,
            doctorId: body.doctor_id,
            clinicId: slot.clinic,
            startsAt: slot.start,
            endsAt: slot.end,
            turn: slot.turn,
            fee: doctor.visit_fee_rial,
            status: 'held',
            // Renaming the patient of a held slot does not lengthen the hold.
            expiresAt: sameSlot?.expiresAt ?? new Date(now.getTime() + holdMinutes * 60_000),
            ...patient,
            heldFrom: booker.address ?? null,
            createdAt: now,
          }),
        );
        await offerLetGo();
        return held;
      });
    });
    if (row === KEPT_BEFORE || 'keptBy' in row) throw await taken();
    if (row instanceof AppError) throw row;
    forgetFreeStarts(db, body.doctor_id);
    return toAppointment(row, ctx, now);
  } catch (error) {
    if (isUniqueViolation(error, ACTIVE_SLOT_CONSTRAINT)) throw await taken();
    if (error instanceof PersonBusyRefusal && who) throw await personBusy(db, { ctx, who: { ...who, doctorId: body.doctor_id }, busy: error.busy, now });
    if (error instanceof HoldRefused && who) throw await refuseHold(db, error, { phone: who.phone, address: booker.address, doctorId: body.doctor_id, start: slot.start }, now);
    throw error;
  }
}

/** Logs and counts a refused hold (by its phone and its address, so the hospital sees who tries), and gives the 429. */
async function refuseHold(db: Db, refused: HoldRefused, who: { phone: string; address: string | undefined; doctorId: string; start: Date }, now: Date): Promise<AppError> {
  await db.transaction(async (tx) => {
    await recordEvent(tx, { bucket: HOLD_REFUSAL_BUCKETS.phone, subject: who.phone }, now);
    if (who.address !== undefined) await recordEvent(tx, { bucket: HOLD_REFUSAL_BUCKETS.address, subject: who.address }, now);
  });
  console.warn(`Hold refused (${refused.reason}): phone ${maskPhone(who.phone)}, address ${who.address ?? 'none'}, doctor ${who.doctorId}, slot ${who.start.toISOString()}`);
  return refusal(refused.wording, refused.opensAt, now);
}

export async function getAppointment(db: Db, { ctx, accountId, key, now }: { ctx: BookingContext; accountId: number; key: string; now: Date }): Promise<Appointment> {
  const row = await findAppointmentOf(db, accountId, checkedKey(key));
  if (!row) throw new AppError('not_found', M.appointmentNotFound);
  const [shown] = await withReceipts(db, ctx, [row], now);
  return shown!;
}

/** The rows as the API shows them, each confirmed one with its receipt (the bank payments read in one query). */
async function withReceipts(db: Db, ctx: BookingContext, rows: readonly AppointmentRow[], now: Date): Promise<Appointment[]> {
  const paid = await paidPaymentsByIds(
    db,
    rows.flatMap((row) => (row.confirmedAt && row.paidByBank > 0 && row.paymentId ? [row.paymentId] : [])),
  );
  return rows.map((row) => toAppointment(row, ctx, now, row.paymentId ? paid.get(row.paymentId) : undefined));
}

export async function listAppointments(
  db: Db,
  { ctx, accountId, query, now }: { ctx: BookingContext; accountId: number; query: { scope: AppointmentScope; page: number; perPage: number }; now: Date },
) {
  const { rows, total } = await listAppointmentsOf(db, { accountId, scope: query.scope, now, page: { limit: query.perPage, offset: (query.page - 1) * query.perPage } });
  return { rows: await withReceipts(db, ctx, rows, now), total };
}

/**
 * Confirms an unconfirmed row whose fee is now covered: what the wallet gave (waiting in "appointment
 * holds") and what the bank paid move to revenue, and the reminder is scheduled, in the caller's
 * transaction.
 */
export async function confirmPaid(
  tx: Db,
  { ctx, row, paid, now }: { ctx: BookingContext; row: AppointmentRow; paid: { byBank: number; payment?: PaymentRow }; now: Date },
): Promise<AppointmentRow> {
  await settlePayableMoney(tx, {
    ...appointmentEscrow,
    row,
    ...(paid.payment ? { bank: { amount: paid.byBank, paymentId: paid.payment.id, description: `هزینهٔ نوبت ${row.key} از درگاه بانک` } } : {}),
    now,
  });
  const confirmed = await updateAppointment(tx, row.id, { status: 'confirmed', paidByBank: paid.byBank, expiresAt: null, confirmedAt: now });
  await scheduleReminder(tx, ctx, confirmed, now);
  await offerBooked(tx, confirmed, now);
  return confirmed;
}

export type PayResult =
  | { status: 'confirmed'; key: string; appointment: Appointment }
  | { status: 'awaiting_payment'; key: string; payment_id: string; redirect_url: string; amount: number };

/** Appointments as the pay workflow sees them: a live hold is paid, a lapsed one ends. */
export function appointmentPayable(ctx: BookingContext): Payable<AppointmentRow> {
  return {
    purpose: 'appointment',
    ...appointmentEscrow,
    // confirmPaid moves what the wallet gave from the holds to revenue, as for a bank-paid rest.
    paidInto: SYSTEM_ACCOUNTS.appointmentHolds,
    notFound: M.appointmentNotFound,
    lockOf: lockAppointmentOf,
    standing: (row, now) => {
      if (row.status === 'confirmed') return 'settled';
      if (row.status !== 'held' && row.status !== 'awaiting_payment') throw new AppError('conflict', M.notPayable);
      return !row.expiresAt || row.expiresAt <= now ? 'lapsed' : 'open';
    },
    lapse: async (tx, row, now) => {
      const released = await releaseUnconfirmed(tx, { row, now, ending: { status: 'expired' }, refundNow: true });
      await afterSlotFreed(tx, ctx, released, now);
    },
    price: (row) => row.fee,
    settle: async (tx, row, fromWallet, now) => {
      const covered = await updateAppointment(tx, row.id, { paidFromWallet: row.paidFromWallet + fromWallet });
      return confirmPaid(tx, { ctx, row: covered, paid: { byBank: 0 }, now });
    },
    awaitBank: (tx, row, { fromWallet, payment }) => {
      // The slot waits for the bank: until this payment is paid or expires (api.md).
      const expiresAt = row.expiresAt && row.expiresAt > payment.expiresAt ? row.expiresAt : payment.expiresAt;
      return updateAppointment(tx, row.id, { paidFromWallet: row.paidFromWallet + fromWallet, status: 'awaiting_payment', paymentId: payment.id, expiresAt });
    },
    bankOrder: (row) => ({
      returnPath: `/appointment/pre-reserve/${row.doctorId}?appointment=${row.key}`,
      timeoutMinutes: ctx.settings.paymentTimeoutMinutes,
      maxOpen: ctx.settings.paymentOpenLimit,
    }),
  };
}

export interface PayAppointmentRequest {
  ctx: BookingContext;
  gateway: PaymentGateway['name'];
  accountId: number;
  key: string;
  useWallet: boolean;
  now: Date;
}

/**
 * `POST /appointments/{key}/pay` `{use_wallet}`: the wallet first when asked (what it covers moves
 * now), the rest through a bank payment that keeps the slot until it is paid or expires. A repeat
 * while the bank payment is open returns that payment.
 */
export async function payAppointment(db: Db, request: PayAppointmentRequest): Promise<PayResult> {
  const { ctx, key, now } = request;
  checkedKey(key);
  const outcome = await payPayable(db, { payable: appointmentPayable(ctx), accountId: request.accountId, key, useWallet: request.useWallet, gateway: request.gateway, now });
  if (outcome.kind === 'lapsed') throw new AppError('conflict', M.holdExpired);
  if (outcome.kind === 'bank') {
    return { status: 'awaiting_payment', key, payment_id: outcome.payment.id, redirect_url: `/go-to-bank?payment=${outcome.payment.id}`, amount: outcome.payment.amount };
  }
  if (outcome.fresh) await tellPatient(db, { ctx, row: outcome.row, notice: 'confirmed', now });
  return { status: 'confirmed', key, appointment: toAppointment(outcome.row, ctx, now) };
}
