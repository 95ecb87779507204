import { expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { checkLedger } from '../ledger/check.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { countEvents } from '../limits/repository.ts';
import { createSandboxGateway, paySandboxSession } from '../payments/gateways/sandbox.ts';
import { findPayment } from '../payments/repository.ts';
import { completePayment, startPayment } from '../payments/service.ts';
import { notify, notifySkippedSubject } from '../sms/notify.ts';
import { walletTotals } from '../wallet/repository.ts';
import { cancelAppointment, MAX_MOVES_PER_DAY, rescheduleAppointment } from './changes.ts';
import { fileLeave, listDay } from './hospital.ts';
import { releaseLapsed, setUpBookingJobs } from './jobs.ts';
import { bookingLimitMessages } from './messages.ts';
import { registerAppointmentPayments } from './payment-effect.ts';
import { findAppointment } from './repository.ts';
import { getAppointment, holdSlot, listAppointments, payAppointment } from './service.ts';
import { listSlots } from './slots.ts';

const ctx = testContext({ '2026-12-05': 'تعطیل آزمایشی' });
registerAppointmentPayments(() => ctx);
const CARD = '6037991234567893';
const MIN = 60_000;

const booker = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
/** Tomorrow (2026-12-02) at `time`, and further days. */
const slot = (time: string, day = '2026-12-02') => tehran(day, time).toISOString();

async function payAtBank(db: Db, paymentId: string, now: Date) {
  const gateway = createSandboxGateway(db);
  const payment = await findPayment(db, paymentId);
  const handOff = await startPayment(db, gateway, payment!, { callbackUrl: 'http://portal.test/return-bank', now });
  if (handOff.kind !== 'redirect') throw new Error(handOff.kind);
  const authority = handOff.payment.authority!;
  await paySandboxSession(db, { authority, cardNumber: CARD, now });
  return { gateway, authority, complete: (when: Date) => completePayment(db, gateway, { paymentId, authority }, when) };
}

describeEachDatabase('booking', (database) => {
  it('lists the days from today with slots, none in the past, none on a holiday, turns counted per session', async () => {
    const { db } = database();
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', days: 5 }, NOW);
    expect(days.map((d) => d.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    // Today from 10:30 on (09:30 has started; 09:45–10:15 start sooner than the 60-minute lead time), turns continue the session's count.
    expect(days[0]!.slots[0]).toMatchObject({ start: slot('10:30', '2026-12-01'), turn: 11, available: true });
    expect(days[1]!.slots).toHaveLength(16);
    expect(days[1]!.slots[15]).toMatchObject({ start: slot('11:45'), end: slot('12:00'), turn: 16 });
    expect(days[4]).toEqual({ date: '2026-12-05', slots: [], holiday: 'تعطیل آزمایشی' });
  });

  it('100 patients holding one slot at once: exactly one gets it, 99 are told it is taken with alternatives', async () => {
    const { db } = database();
    const patients = await Promise.all(Array.from({ length: 100 }, () => newPatient(db)));
    const start = slot('10:00');
    const results = await Promise.allSettled(patients.map((p) => holdSlot(db, { ctx, booker: booker(p), body: { doctor_id: 'dr-a', start }, now: NOW })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    for (const error of lost) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('conflict');
      const alternatives = (error as AppError).data?.alternatives as string[];
      expect(alternatives.length).toBeGreaterThan(0);
      expect(alternatives).not.toContain(start);
    }
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', from: '2026-12-02', days: 1 }, NOW);
    expect(days[0]!.slots.find((s) => s.start === start)?.available).toBe(false);
  });

  it('a lapsed hold frees its slot for the next patient without any job having run', async () => {
    const { db } = database();
    const [a, b] = [await newPatient(db), await newPatient(db)];
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('10:15') }, now: NOW });
    expect(held).toMatchObject({ status: 'held', expires_at: at(10).toISOString(), fee: 5_000_000, turn: 10 });
    expect((await refusal(holdSlot(db, { ctx, booker: booker(b), body: { doctor_id: 'dr-a', start: slot('10:15') }, now: at(9) }))).code).toBe('conflict');
    const taken = await holdSlot(db, { ctx, booker: booker(b), body: { doctor_id: 'dr-a', start: slot('10:15') }, now: at(10) });
    expect(taken.status).toBe('held');
    expect((await findAppointment(db, held.key))?.status).toBe('expired');
  });

  it('one hold per account: a new hold releases the old one; repeating the same hold returns it', async () => {
    const { db } = database();
    const [a, b] = [await newPatient(db), await newPatient(db)];
    const first = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('10:30') }, now: NOW });
    expect((await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('10:30') }, now: at(1) })).key).toBe(first.key);
    await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-b', start: slot('10:30') }, now: at(2) });
    expect((await findAppointment(db, first.key))?.status).toBe('expired');
    expect((await holdSlot(db, { ctx, booker: booker(b), body: { doctor_id: 'dr-a', start: slot('10:30') }, now: at(3) })).status).toBe('held');
  });

  it('refuses a time that is not a slot (422), in the past, beyond 31 days, or on a holiday (409)', async () => {
    const { db } = database();
    const a = await newPatient(db);
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('10:07') }, now: NOW }))).code).toBe('invalid_input');
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('12:00') }, now: NOW }))).code).toBe('invalid_input');
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('09:00', '2026-12-01') }, now: NOW }))).code).toBe('conflict');
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('09:00', '2027-01-05') }, now: NOW }))).code).toBe('conflict');
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('09:00', '2026-12-05') }, now: NOW }))).code).toBe('conflict');
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'no-such-doctor', start: slot('09:00') }, now: NOW }))).code).toBe('not_found');
  });

  it('pays from the wallet: confirmed at once, the fee moves to revenue, another account sees 404', async () => {
    const { db } = database();
    const [a, b] = [await newPatient(db), await newPatient(db)];
    await fundWallet(db, a.id, 6_000_000);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('08:00', '2026-12-10') }, now: NOW });
    expect((await refusal(payAppointment(db, { ctx, gateway: 'sandbox', accountId: b.id, key: held.key, useWallet: true, now: NOW }))).code).toBe('not_found');
    const paid = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: at(1) });
    expect(paid).toMatchObject({ status: 'confirmed', appointment: { status: 'confirmed', paid_from_wallet: 5_000_000, paid_by_bank: 0, can_cancel: true } });
    expect(await walletBalanceOf(db, a.id)).toBe(1_000_000);
    // Paying again changes nothing.
    expect(await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: at(2) })).toMatchObject({ status: 'confirmed' });
    expect(await walletBalanceOf(db, a.id)).toBe(1_000_000);
    expect((await refusal(getAppointment(db, { ctx, accountId: b.id, key: held.key, now: NOW }))).code).toBe('not_found');
    expect((await listAppointments(db, { ctx, accountId: a.id, query: { scope: 'upcoming', page: 1, perPage: 20 }, now: at(2) })).rows.map((r) => r.key)).toContain(held.key);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a free visit confirms without money', async () => {
    const { db } = database();
    const a = await newPatient(db);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-free', start: slot('08:00') }, now: NOW });
    expect(await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: false, now: NOW })).toMatchObject({ status: 'confirmed' });
  });

  it('wallet first, the rest by bank: the slot waits for the bank, then both parts become revenue once', async () => {
    const { db } = database();
    const a = await newPatient(db);
    await fundWallet(db, a.id, 2_000_000);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('08:15', '2026-12-10') }, now: NOW });
    const started = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: at(8) });
    if (started.status !== 'awaiting_payment') throw new Error('expected the bank');
    expect(started.amount).toBe(3_000_000);
    expect(await walletTotals(db, a.id)).toEqual({ available: 0, held: 2_000_000 });
    // Still ours past the 10-minute hold: the payment keeps it.
    const waiting = await getAppointment(db, { ctx, accountId: a.id, key: held.key, now: at(15) });
    expect(waiting).toMatchObject({ status: 'awaiting_payment', expires_at: at(28).toISOString() });
    // Paying again while the bank has it returns the same payment.
    expect(await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: at(9) })).toMatchObject({ payment_id: started.payment_id });
    const bank = await payAtBank(db, started.payment_id, at(12));
    await Promise.all([1, 2, 3, 4, 5].map(() => bank.complete(at(13))));
    expect(await getAppointment(db, { ctx, accountId: a.id, key: held.key, now: at(13) })).toMatchObject({ status: 'confirmed', paid_from_wallet: 2_000_000, paid_by_bank: 3_000_000 });
    expect(await walletTotals(db, a.id)).toEqual({ available: 0, held: 0 });
    expect((await findPayment(db, started.payment_id))?.creditedToWallet).toBe(false);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('money that lands after the slot went to someone else goes to the wallet, and so does the wallet part', async () => {
    const { db } = database();
    const [a, b] = [await newPatient(db), await newPatient(db)];
    await fundWallet(db, a.id, 1_000_000);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('08:30', '2026-12-10') }, now: NOW });
    const started = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: NOW });
    if (started.status !== 'awaiting_payment') throw new Error('expected the bank');
    // The payment's 20 minutes pass; B takes the slot.
    await holdSlot(db, { ctx, booker: booker(b), body: { doctor_id: 'dr-a', start: slot('08:30', '2026-12-10') }, now: at(21) });
    const bank = await payAtBank(db, started.payment_id, at(19));
    await bank.complete(at(22));
    const payment = await findPayment(db, started.payment_id);
    expect(payment).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletBalanceOf(db, a.id)).toBe(4_000_000);
    // The wallet part comes back with the release job.
    expect(await releaseLapsed(db, ctx, at(23))).toBeGreaterThan(0);
    expect(await walletBalanceOf(db, a.id)).toBe(5_000_000);
    await releaseLapsed(db, ctx, at(24));
    expect(await walletBalanceOf(db, a.id)).toBe(5_000_000);
    expect(await findAppointment(db, held.key)).toMatchObject({ status: 'expired', refunded: 1_000_000 });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('keeps a visit upcoming and confirmed for the rest of its day, though its time has passed; completed from the next day', async () => {
    const { db } = database();
    const a = await newPatient(db);
    await fundWallet(db, a.id, 10_000_000);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('10:00') }, now: NOW });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: NOW });
    const list = async (scope: 'upcoming' | 'past', now: Date) =>
      (await listAppointments(db, { ctx, accountId: a.id, query: { scope, page: 1, perPage: 20 }, now })).rows.map((row) => [row.key, row.status]);
    // 16:00 on the visit's day: the slot was at 10:00, the doctor may still be running late.
    const evening = tehran('2026-12-02', '16:00');
    expect(await list('upcoming', evening)).toEqual([[held.key, 'confirmed']]);
    expect(await list('past', evening)).toEqual([]);
    const nextMorning = tehran('2026-12-03', '00:01');
    expect(await list('upcoming', nextMorning)).toEqual([]);
    expect(await list('past', nextMorning)).toEqual([[held.key, 'completed']]);
  });

  it('cancels inside the free window with a full refund; refuses later', async () => {
    const { db } = database();
    const a = await newPatient(db);
    await fundWallet(db, a.id, 10_000_000);
    const far = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('09:00', '2026-12-10') }, now: NOW });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: far.key, useWallet: true, now: NOW });
    expect(await getAppointment(db, { ctx, accountId: a.id, key: far.key, now: NOW })).toMatchObject({ can_cancel: true, refund_if_cancelled: 5_000_000 });
    expect(await cancelAppointment(db, { ctx, accountId: a.id, key: far.key, now: at(1) })).toEqual({ status: 'cancelled', key: far.key, refunded: 5_000_000 });
    expect(await walletBalanceOf(db, a.id)).toBe(10_000_000);
    expect((await refusal(cancelAppointment(db, { ctx, accountId: a.id, key: far.key, now: at(2) }))).code).toBe('conflict');
    const near = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('09:00') }, now: at(3) });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: near.key, useWallet: true, now: at(3) });
    expect(await getAppointment(db, { ctx, accountId: a.id, key: near.key, now: at(3) })).toMatchObject({ can_cancel: false, refund_if_cancelled: 0 });
    expect((await refusal(cancelAppointment(db, { ctx, accountId: a.id, key: near.key, now: at(4) }))).code).toBe('conflict');
    expect(await walletBalanceOf(db, a.id)).toBe(5_000_000);
    expect((await listAppointments(db, { ctx, accountId: a.id, query: { scope: 'cancelled', page: 1, perPage: 20 }, now: at(5) })).rows.map((r) => r.key)).toEqual([far.key]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('two patients moving to the same free slot at once: one moves, the other is told it is taken', async () => {
    const { db } = database();
    const [a, b] = [await newPatient(db), await newPatient(db)];
    const booked = [];
    for (const [patient, time] of [
      [a, '10:00'],
      [b, '10:15'],
    ] as const) {
      await fundWallet(db, patient.id, 5_000_000);
      const held = await holdSlot(db, { ctx, booker: booker(patient), body: { doctor_id: 'dr-a', start: slot(time, '2026-12-12') }, now: NOW });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: held.key, useWallet: true, now: NOW });
      booked.push(held.key);
    }
    const target = slot('11:00', '2026-12-12');
    const results = await Promise.allSettled([
      rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[0]!, body: { start: target }, now: at(1) }),
      rescheduleAppointment(db, { ctx, accountId: b.id, key: booked[1]!, body: { start: target }, now: at(1) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((loser.reason as AppError).code).toBe('conflict');
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ key: string; start: string; turn: number }>).value;
    expect(winner).toMatchObject({ start: target, turn: 13 });
    // The winner's old slot is free again.
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', from: '2026-12-12', days: 1 }, at(2));
    const oldStart = winner.key === booked[0] ? slot('10:00', '2026-12-12') : slot('10:15', '2026-12-12');
    expect(days[0]!.slots.find((s) => s.start === oldStart)?.available).toBe(true);
  });

  it('a doctor’s leave cancels and refunds the bookings it touches and closes its slots', async () => {
    const { db } = database();
    const [a, b, c] = [await newPatient(db), await newPatient(db), await newPatient(db)];
    await fundWallet(db, a.id, 5_000_000);
    const confirmed = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot('08:00', '2026-12-15') }, now: NOW });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: confirmed.key, useWallet: true, now: NOW });
    const held = await holdSlot(db, { ctx, booker: booker(b), body: { doctor_id: 'dr-a', start: slot('11:00', '2026-12-15') }, now: NOW });
    const other = await holdSlot(db, { ctx, booker: booker(c), body: { doctor_id: 'dr-a', start: slot('08:00', '2026-12-16') }, now: NOW });
    const result = await fileLeave(db, { ctx, doctorId: 'dr-a', order: { from: '2026-12-15', to: '2026-12-15', reason: 'همایش علمی' }, now: at(1) });
    expect(result.cancelled.map((x) => x.key).sort()).toEqual([confirmed.key, held.key].sort());
    expect(await getAppointment(db, { ctx, accountId: a.id, key: confirmed.key, now: at(2) })).toMatchObject({ status: 'cancelled', refunded: 5_000_000, cancel_reason: 'همایش علمی' });
    expect(await walletBalanceOf(db, a.id)).toBe(5_000_000);
    expect((await getAppointment(db, { ctx, accountId: c.id, key: other.key, now: at(2) })).status).toBe('held');
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', from: '2026-12-15', days: 1 }, at(2));
    expect(days[0]).toMatchObject({ slots: [], on_leave: true });
    expect((await refusal(holdSlot(db, { ctx, booker: booker(c), body: { doctor_id: 'dr-a', start: slot('09:00', '2026-12-15') }, now: at(2) }))).code).toBe('conflict');
    expect(await listDay(db, ctx, '2026-12-15')).toEqual([]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('the reminder is sent once though two runners run at the same moment, and not for a cancelled visit', async () => {
    const { db } = database();
    const sent: string[] = [];
    await setUpBookingJobs(db, {
      context: () => ctx,
      now: NOW,
      sendReminder: async (to, text) => {
        sent.push(`${to}: ${text}`);
      },
    });
    const [a, b] = [await newPatient(db), await newPatient(db)];
    const keys = [];
    for (const patient of [a, b]) {
      await fundWallet(db, patient.id, 5_000_000);
      const held = await holdSlot(db, { ctx, booker: booker(patient), body: { doctor_id: 'dr-b', start: slot(patient === a ? '09:00' : '09:15', '2026-12-20') }, now: NOW });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: held.key, useWallet: true, now: NOW });
      keys.push(held.key);
    }
    await cancelAppointment(db, { ctx, accountId: b.id, key: keys[1]!, now: at(1) });
    const due = tehran('2026-12-19', '09:00');
    await Promise.all([runDueJobs(db, due, { runner: 'one' }), runDueJobs(db, due, { runner: 'two' })]);
    await Promise.all([runDueJobs(db, at(24 * 60 * 19), { runner: 'one' }), runDueJobs(db, at(24 * 60 * 19), { runner: 'two' })]);
    const reminders = sent.filter((text) => text.includes('یادآوری'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain(keys[0]);
    expect(reminders[0]).toContain(a.phoneNumber);
  });

  it(`bounds moving back and forth: ${MAX_MOVES_PER_DAY} moves per account in 24 hours, then a 429 that moves nothing`, async () => {
    const { db } = database();
    const a = await newPatient(db);
    await fundWallet(db, a.id, 10_000_000);
    const booked = [];
    for (const time of ['08:00', '08:30']) {
      const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-a', start: slot(time, '2026-12-22') }, now: NOW });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: NOW });
      booked.push(held.key);
    }
    const [there, back] = [slot('10:00', '2026-12-22'), slot('08:00', '2026-12-22')];
    // A move into a taken slot is refused before it counts.
    expect((await refusal(rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[0]!, body: { start: slot('08:30', '2026-12-22') }, now: at(1) }))).code).toBe('conflict');
    for (let move = 0; move < MAX_MOVES_PER_DAY; move++) {
      const moved = await rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[0]!, body: { start: move % 2 === 0 ? there : back }, now: at(2 + move) });
      expect(moved.start).toBe(move % 2 === 0 ? there : back);
    }
    const where = (await getAppointment(db, { ctx, accountId: a.id, key: booked[0]!, now: at(10) })).start;
    const refused = await refusal(rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[0]!, body: { start: where === there ? back : there }, now: at(10) }));
    const wait = 24 * 60 * 60 - 8 * 60;
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfter: wait, message: bookingLimitMessages.tooManyMoves(MAX_MOVES_PER_DAY, wait) });
    expect((await getAppointment(db, { ctx, accountId: a.id, key: booked[0]!, now: at(10) })).start).toBe(where);
    // Per account: the other appointment cannot be moved either, until a day after the first move.
    expect((await refusal(rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[1]!, body: { start: slot('11:00', '2026-12-22') }, now: at(11) }))).code).toBe('rate_limited');
    expect((await rescheduleAppointment(db, { ctx, accountId: a.id, key: booked[1]!, body: { start: slot('11:00', '2026-12-22') }, now: at(24 * 60 + 2) })).start).toBe(
      slot('11:00', '2026-12-22'),
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a reminder to a phone whose notification budget is spent is skipped, and the job is done', async () => {
    const { db } = database();
    const sent: string[] = [];
    await setUpBookingJobs(db, {
      context: () => ctx,
      now: NOW,
      sendReminder: async (to, text) => {
        sent.push(`${to}: ${text}`);
      },
    });
    const a = await newPatient(db);
    await fundWallet(db, a.id, 5_000_000);
    const held = await holdSlot(db, { ctx, booker: booker(a), body: { doctor_id: 'dr-b', start: slot('10:00', '2026-12-26') }, now: NOW });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a.id, key: held.key, useWallet: true, now: NOW });
    const due = tehran('2026-12-25', '10:00');
    const quiet = { sendText: async () => {} };
    for (let i = 0; i < 20; i++) await notify(db, { to: a.phoneNumber, text: 'پیام', now: new Date(due.getTime() - 60 * MIN + i), provider: quiet });
    await runDueJobs(db, due, { runner: 'one' });
    await runDueJobs(db, new Date(due.getTime() + 60 * MIN), { runner: 'one' });
    expect(sent.filter((text) => text.includes(held.key))).toEqual([]);
    expect(await countEvents(db, notifySkippedSubject(a.phoneNumber), NOW)).toBe(1);
  });
});
