import { expect, it, vi } from 'vitest';
import type { QueueEventInput } from '#lib/api/contracts/queue.ts';
import { NOW, tehran, testContext, testDoctor } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { cancelAppointment } from '../appointments/changes.ts';
import type { BookingContext } from '../appointments/context.ts';
import { registerAppointmentPayments } from '../appointments/payment-effect.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import type { Db } from '../db/client.ts';
import { countEvents } from '../limits/repository.ts';
import { notify, notifySkippedSubject } from '../sms/notify.ts';
import type { OtpSms, TextSms } from '../sms/provider.ts';
import type { QueueContext } from './context.ts';
import { queueMessages as M } from './messages.ts';
import { dayEvents, lockDay } from './repository.ts';
import { checkIn, deskQueue, patientQueue, recordDeskEvent } from './service.ts';

vi.stubEnv('SMS_NOTIFY_DAILY_LIMIT', '');

/** Every text the process's provider would have sent: the services call notify() without one. */
const outbox = vi.hoisted(() => ({ texts: [] as Array<{ to: string; text: string }> }));
vi.mock('../sms/index.ts', () => ({
  smsProvider: () => ({
    name: 'console',
    async sendOtp(_sms: OtpSms) {},
    async sendText(sms: TextSms) {
      outbox.texts.push(sms);
    },
  }),
}));

const base = testContext();
const doctors = new Map(base.catalogue.doctors);
const booking: BookingContext = { ...base, catalogue: { ...base.catalogue, doctors } };
// A doctor a test: each test's day is its own (one log per doctor and day).
function newDoctor(): string {
  const id = `dr-queue-${doctors.size + 1}`;
  doctors.set(id, testDoctor());
  return id;
}
registerAppointmentPayments(() => booking);
const ctx: QueueContext = { booking, settings: { checkInOpenMinutes: 60, notifyAhead: 2 } };

const MIN = 60_000;
const TODAY = '2026-12-01';
/** NOW (09:30 Tehran) plus `minutes`. */
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const FEE = 5_000_000;

interface Booked {
  account: Account;
  key: string;
}

/** A patient with a confirmed visit of `doctorId` at `time` on `day` (booked two days before, paid from the wallet). */
async function book(db: Db, doctorId: string, time: string, day = TODAY, pay = true): Promise<Booked> {
  const account = await newPatient(db);
  await fundWallet(db, account.id, FEE);
  const bookedAt = new Date(tehran(day, '12:00').getTime() - 2 * 24 * 60 * MIN);
  const booker = { id: account.id, firstName: account.firstName, lastName: account.lastName };
  const held = await holdSlot(db, { ctx: booking, booker, body: { doctor_id: doctorId, start: tehran(day, time).toISOString() }, now: bookedAt });
  if (pay) await payAppointment(db, { ctx: booking, gateway: 'sandbox', accountId: account.id, key: held.key, useWallet: true, now: new Date(bookedAt.getTime() + MIN) });
  return { account, key: held.key };
}

/** Patients booked today at `times`, in that order. */
const bookDay = async (db: Db, doctorId: string, times: string[]) => {
  const booked: Booked[] = [];
  for (const time of times) booked.push(await book(db, doctorId, time));
  return booked;
};

const desk = (db: Db, doctorId: string, event: QueueEventInput, now = NOW) => recordDeskEvent(db, ctx, { doctorId, event, actor: 'his', now });

/** The visit-day texts sent to `account` (not the booking's own receipts). */
const queueTexts = (account: Account) => outbox.texts.filter((sms) => sms.to === account.phoneNumber && /پیش از شما|نفر بعدی|تأخیر دارد/.test(sms.text));

describeEachDatabase('visit day', (database) => {
  it('shows the patient their place, who is ahead and when they are likely called', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [first, second, third] = await bookDay(db, doctorId, ['10:00', '10:15', '10:30']);
    const before = await patientQueue(db, ctx, { accountId: third!.account.id, key: third!.key, now: at(-5) });
    expect(before).toMatchObject({
      date: TODAY,
      session: 'not_started',
      number: 3,
      ahead: 2,
      delay_minutes: 0,
      status: 'waiting',
      can_check_in: false,
      pace_minutes: 15,
      pace_observed: false,
    });
    expect(before.estimated_at).toBe(tehran(TODAY, '10:30').toISOString());
    expect(before.check_in_opens_at).toBe(tehran(TODAY, '09:30').toISOString());
    expect(before.now_serving).toBeUndefined();
    await desk(db, doctorId, { type: 'session_started' }, at(25));
    await desk(db, doctorId, { type: 'called', appointment_key: first!.key }, at(30));
    await desk(db, doctorId, { type: 'called', appointment_key: second!.key }, at(40));
    const after = await patientQueue(db, ctx, { accountId: third!.account.id, key: third!.key, now: at(41) });
    // One gap observed (10 minutes): the third is next, due at 10:10 + 10 but never before 10:30.
    expect(after).toMatchObject({ session: 'running', number: 3, ahead: 0, now_serving: 2, pace_minutes: 10, pace_observed: true, can_check_in: true });
    expect(after.estimated_at).toBe(tehran(TODAY, '10:30').toISOString());
  });

  it('answers 404 for another account’s appointment, and 409 in Persian for another day, a cancelled or an unpaid one', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [mine] = await bookDay(db, doctorId, ['10:00']);
    const stranger = await newPatient(db);
    const notMine = await refusal(patientQueue(db, ctx, { accountId: stranger.id, key: mine!.key, now: NOW }));
    expect([notMine.code, notMine.message]).toEqual(['not_found', M.appointmentNotFound]);
    expect((await refusal(checkIn(db, ctx, { accountId: stranger.id, key: mine!.key, now: NOW }))).code).toBe('not_found');

    const tomorrow = await book(db, doctorId, '10:00', '2026-12-02');
    const otherDay = await refusal(patientQueue(db, ctx, { accountId: tomorrow.account.id, key: tomorrow.key, now: NOW }));
    expect([otherDay.code, otherDay.message]).toEqual(['conflict', M.notToday]);
    expect((await refusal(checkIn(db, ctx, { accountId: tomorrow.account.id, key: tomorrow.key, now: NOW }))).message).toBe(M.notToday);

    const cancelled = await book(db, doctorId, '11:00');
    await cancelAppointment(db, { ctx: booking, accountId: cancelled.account.id, key: cancelled.key, now: new Date(tehran(TODAY, '11:00').getTime() - 40 * 60 * MIN) });
    const gone = await refusal(patientQueue(db, ctx, { accountId: cancelled.account.id, key: cancelled.key, now: NOW }));
    expect([gone.code, gone.message]).toEqual(['conflict', M.cancelled]);

    const unpaid = await book(db, doctorId, '11:15', TODAY, false);
    const held = await refusal(patientQueue(db, ctx, { accountId: unpaid.account.id, key: unpaid.key, now: NOW }));
    expect([held.code, held.message]).toEqual(['conflict', M.notConfirmed]);
  });

  it('check-in: refused before it opens (saying when), once only however often pressed, refused after the session', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [early, late] = await bookDay(db, doctorId, ['10:00', '11:30']);
    // 11:30 opens at 10:30 (CHECKIN_OPEN_MINUTES = 60): at 09:30 it is too soon, and the answer says when.
    const tooSoon = await refusal(checkIn(db, ctx, { accountId: late!.account.id, key: late!.key, now: NOW }));
    expect(tooSoon.code).toBe('conflict');
    expect(tooSoon.message).toBe('اعلام حضور از ساعت ۱۰:۳۰ ممکن است');

    const first = await checkIn(db, ctx, { accountId: early!.account.id, key: early!.key, now: NOW });
    expect(first).toEqual({ checked_in_at: NOW.toISOString() });
    expect(await checkIn(db, ctx, { accountId: early!.account.id, key: early!.key, now: at(5) })).toEqual(first);
    // Fifty presses at once (a shaky hand, a script): one event in the log.
    const presses = await Promise.all(Array.from({ length: 50 }, () => checkIn(db, ctx, { accountId: early!.account.id, key: early!.key, now: at(6) })));
    expect(new Set(presses.map((press) => press.checked_in_at))).toEqual(new Set([NOW.toISOString()]));
    expect((await dayEvents(db, doctorId, TODAY)).filter((event) => event.type === 'checked_in')).toHaveLength(1);
    expect(await patientQueue(db, ctx, { accountId: early!.account.id, key: early!.key, now: at(6) })).toMatchObject({
      status: 'checked_in',
      checked_in_at: NOW.toISOString(),
      can_check_in: false,
    });

    await desk(db, doctorId, { type: 'session_started' }, at(10));
    await desk(db, doctorId, { type: 'session_ended' }, at(20));
    const closed = await refusal(checkIn(db, ctx, { accountId: late!.account.id, key: late!.key, now: at(65) }));
    expect([closed.code, closed.message]).toEqual(['conflict', M.checkInClosed]);
  });

  it('a patient marked absent may check in late, and is back in the queue', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [absent, next] = await bookDay(db, doctorId, ['10:00', '10:15']);
    // Arrived early, wandered off when called for: absent, then back.
    await checkIn(db, ctx, { accountId: absent!.account.id, key: absent!.key, now: NOW });
    await desk(db, doctorId, { type: 'session_started' }, at(25));
    await desk(db, doctorId, { type: 'no_show', appointment_key: absent!.key }, at(31));
    await desk(db, doctorId, { type: 'called', appointment_key: next!.key }, at(32));
    expect(await patientQueue(db, ctx, { accountId: absent!.account.id, key: absent!.key, now: at(33) })).toMatchObject({ status: 'no_show', can_check_in: true });
    expect(await checkIn(db, ctx, { accountId: absent!.account.id, key: absent!.key, now: at(40) })).toEqual({ checked_in_at: at(40).toISOString() });
    expect(await patientQueue(db, ctx, { accountId: absent!.account.id, key: absent!.key, now: at(41) })).toMatchObject({
      status: 'checked_in',
      ahead: 0,
      checked_in_at: at(40).toISOString(),
    });
  });

  it('refuses desk events that do not follow from the day, in Persian', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [first, second] = await bookDay(db, doctorId, ['10:00', '10:15']);
    const refused = async (event: QueueEventInput, message: string) => {
      const error = await refusal(desk(db, doctorId, event));
      expect([error.code, error.message]).toEqual(['conflict', message]);
    };
    await refused({ type: 'paused' }, M.notRunning);
    await refused({ type: 'resumed' }, M.notPaused);
    await desk(db, doctorId, { type: 'session_started' });
    await refused({ type: 'session_started' }, M.sessionAlreadyStarted);
    await desk(db, doctorId, { type: 'called', appointment_key: first!.key });
    await refused({ type: 'called', appointment_key: first!.key }, M.alreadyCalled);
    await refused({ type: 'no_show', appointment_key: first!.key }, M.notCalledNoShow);
    await desk(db, doctorId, { type: 'called', appointment_key: second!.key });
    await refused({ type: 'called', appointment_key: first!.key }, M.alreadyDone);
    await refused({ type: 'checked_in', appointment_key: first!.key }, M.alreadyDone);
    await refused({ type: 'visit_ended', appointment_key: first!.key }, M.alreadyDone);
    await desk(db, doctorId, { type: 'session_ended' });
    await refused({ type: 'delay', minutes: 10 }, M.sessionEnded);
    await refused({ type: 'resumed' }, M.sessionEnded);
    // Refusals leave no trace in the log.
    expect((await dayEvents(db, doctorId, TODAY)).map((event) => event.type)).toEqual(['session_started', 'called', 'called', 'session_ended']);
  });

  it('refuses a desk event naming another doctor’s, another day’s, a cancelled or an unknown appointment', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const otherDoctor = newDoctor();
    const [theirs] = await bookDay(db, otherDoctor, ['10:00']);
    const tomorrow = await book(db, doctorId, '10:00', '2026-12-02');
    const cancelled = await book(db, doctorId, '11:00');
    await cancelAppointment(db, { ctx: booking, accountId: cancelled.account.id, key: cancelled.key, now: new Date(tehran(TODAY, '11:00').getTime() - 40 * 60 * MIN) });
    await desk(db, doctorId, { type: 'session_started' });
    const refusedWith = async (key: string) => {
      const error = await refusal(desk(db, doctorId, { type: 'called', appointment_key: key }));
      return [error.code, error.message];
    };
    expect(await refusedWith(theirs!.key)).toEqual(['conflict', M.otherDoctor]);
    expect(await refusedWith(tomorrow.key)).toEqual(['conflict', M.notToday]);
    expect(await refusedWith(cancelled.key)).toEqual(['conflict', M.cancelled]);
    expect(await refusedWith('AP-ZZZZZZ')).toEqual(['not_found', M.appointmentNotFound]);
    expect((await refusal(desk(db, 'no-such-doctor', { type: 'session_started' }))).code).toBe('not_found');
    expect(await dayEvents(db, doctorId, TODAY)).toHaveLength(1);
    expect(await dayEvents(db, otherDoctor, TODAY)).toHaveLength(0);
  });

  it('texts each patient once when two or fewer are left ahead, however many events follow', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const day = await bookDay(db, doctorId, ['10:00', '10:15', '10:30', '10:45', '11:00']);
    // Nothing before the session runs.
    await desk(db, doctorId, { type: 'delay', minutes: 5 }, at(1));
    expect(day.flatMap((booked) => queueTexts(booked.account))).toEqual([]);
    await desk(db, doctorId, { type: 'session_started' }, at(25));
    // Started: the first three have 0, 1, 2 ahead.
    expect(day.map((booked) => queueTexts(booked.account).length)).toEqual([1, 1, 1, 0, 0]);
    expect(queueTexts(day[0]!.account)[0]!.text).toContain('نفر بعدی شما هستید');
    expect(queueTexts(day[2]!.account)[0]!.text).toContain('۲ نفر پیش از شما مانده‌اند');
    expect(queueTexts(day[2]!.account)[0]!.text).toContain(day[2]!.key);
    await desk(db, doctorId, { type: 'called', appointment_key: day[0]!.key }, at(30));
    await desk(db, doctorId, { type: 'delay', minutes: 3 }, at(31));
    await desk(db, doctorId, { type: 'paused' }, at(32));
    await desk(db, doctorId, { type: 'resumed' }, at(33));
    // The fourth now has two ahead: one text; nobody else hears again.
    expect(day.map((booked) => queueTexts(booked.account).length)).toEqual([1, 1, 1, 1, 0]);
    await desk(db, doctorId, { type: 'called', appointment_key: day[1]!.key }, at(40));
    await desk(db, doctorId, { type: 'called', appointment_key: day[2]!.key }, at(50));
    expect(day.map((booked) => queueTexts(booked.account).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('texts the waiting patients a delay of 15 minutes or more once per change, not again for the same minutes', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [first, second] = await bookDay(db, doctorId, ['10:00', '10:15']);
    const delayTexts = () => [first!, second!].map((booked) => queueTexts(booked.account).filter((sms) => sms.text.includes('تأخیر دارد')).length);
    await desk(db, doctorId, { type: 'delay', minutes: 14 }, at(1));
    expect(delayTexts()).toEqual([0, 0]);
    await desk(db, doctorId, { type: 'delay', minutes: 20 }, at(2));
    expect(delayTexts()).toEqual([1, 1]);
    expect(queueTexts(first!.account).at(-1)!.text).toContain('حدود ۲۰ دقیقه تأخیر');
    await desk(db, doctorId, { type: 'delay', minutes: 20 }, at(3));
    await desk(db, doctorId, { type: 'delay', minutes: 20 }, at(4));
    expect(delayTexts()).toEqual([1, 1]);
    await desk(db, doctorId, { type: 'delay', minutes: 35 }, at(5));
    expect(delayTexts()).toEqual([2, 2]);
    // Taken back: no text; announced again: a text.
    await desk(db, doctorId, { type: 'delay', minutes: 0 }, at(6));
    expect(delayTexts()).toEqual([2, 2]);
    await desk(db, doctorId, { type: 'session_started' }, at(25));
    await desk(db, doctorId, { type: 'called', appointment_key: first!.key }, at(30));
    await desk(db, doctorId, { type: 'delay', minutes: 30 }, at(31));
    // The patient being seen is not told the doctor is late.
    expect(delayTexts()).toEqual([2, 3]);
  });

  it('a desk going back and forth between two delays texts each figure once to a patient', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [patient] = await bookDay(db, doctorId, ['10:00']);
    for (const [i, minutes] of [15, 16, 15, 16, 15, 16].entries()) await desk(db, doctorId, { type: 'delay', minutes }, at(i));
    expect(queueTexts(patient!.account).map((sms) => /حدود (\S+) دقیقه/.exec(sms.text)?.[1])).toEqual(['۱۵', '۱۶']);
  });

  it('a repeated check-in is answered without waiting for the day’s lock (which the desk holds while it records)', async (test) => {
    const { db, dialect } = database();
    // PGlite runs one transaction at a time: only PostgreSQL can hold the lock while another call runs.
    if (dialect === 'pglite') test.skip();
    const doctorId = newDoctor();
    const [patient] = await bookDay(db, doctorId, ['10:00']);
    const first = await checkIn(db, ctx, { accountId: patient!.account.id, key: patient!.key, now: NOW });
    const again = await db.transaction(async (tx) => {
      await lockDay(tx, doctorId, TODAY);
      return checkIn(db, ctx, { accountId: patient!.account.id, key: patient!.key, now: at(1) });
    });
    expect(again).toEqual(first);
  });

  it('keeps the visit-day texts within each phone’s notification budget, recording what it skipped', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    const [spent, fresh] = await bookDay(db, doctorId, ['10:00', '10:15']);
    // The first phone has had its 20 notifications today already.
    for (let i = 0; i < 20; i++) await notify(db, { to: spent!.account.phoneNumber, text: `پیام ${i}`, now: at(-10) });
    const skippedBefore = await countEvents(db, notifySkippedSubject(spent!.account.phoneNumber), new Date(0));
    await desk(db, doctorId, { type: 'delay', minutes: 30 }, at(1));
    expect(queueTexts(spent!.account)).toHaveLength(0);
    expect(queueTexts(fresh!.account)).toHaveLength(1);
    expect(await countEvents(db, notifySkippedSubject(spent!.account.phoneNumber), new Date(0))).toBe(skippedBefore + 1);
  });

  it('fifty desk events racing on one day leave seq 1…50 with no gap, and the desk list agrees', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    await bookDay(db, doctorId, ['10:00']);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => desk(db, doctorId, { type: 'delay', minutes: i % 10 }, at(i / 60))));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const events = await dayEvents(db, doctorId, TODAY);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await deskQueue(db, booking, { doctorId, date: TODAY })).events).toBe(50);
  }, 90_000);

  it('fifty patients checking in while the desk records events: one order, every check-in kept once', async () => {
    const { db } = database();
    const doctorId = newDoctor();
    // 08:00 … 09:15: slots whose check-in is open at 09:30 (CHECKIN_OPEN_MINUTES = 60).
    const times = Array.from({ length: 6 }, (_, i) => `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
    const day = await bookDay(db, doctorId, times);
    const presses = Array.from({ length: 50 }, (_, i) => day[i % day.length]!).map((booked) => checkIn(db, ctx, { accountId: booked.account.id, key: booked.key, now: NOW }));
    const deskEvents = Array.from({ length: 10 }, (_, i) => desk(db, doctorId, { type: 'delay', minutes: i }, NOW));
    const results = await Promise.allSettled([...presses, ...deskEvents]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const events = await dayEvents(db, doctorId, TODAY);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
    const checkIns = events.filter((event) => event.type === 'checked_in').map((event) => event.appointmentKey);
    expect(checkIns.toSorted()).toEqual(day.map((booked) => booked.key).toSorted());
    expect(events).toHaveLength(day.length + 10);
  }, 90_000);
});
