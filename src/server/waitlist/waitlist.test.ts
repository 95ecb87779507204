import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { cancelAppointment, rescheduleAppointment } from '../appointments/changes.ts';
import { fileLeave } from '../appointments/hospital.ts';
import { releaseLapsed } from '../appointments/jobs.ts';
import { registerAppointmentPayments } from '../appointments/payment-effect.ts';
import { findAppointment } from '../appointments/repository.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import { listSlots } from '../appointments/slots.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/appointments.ts';
import { waitlistOffers } from '../db/schema/waitlist.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { checkLedger } from '../ledger/check.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { lapseOffer, registerWaitlistJobHandlers, sweepWaitlist } from './jobs.ts';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, listWaitlist } from './service.ts';

const ctx = testContext({}, {});
registerAppointmentPayments(() => ctx);
const sent: Array<{ to: string; text: string }> = [];
registerWaitlistJobHandlers({ context: () => ctx, send: async (to, text) => void sent.push({ to, text }) });

const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const booker = (account: Account, address?: string) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName, ...(address ? { address } : {}) });
const start = (time: string, day = '2026-12-03') => tehran(day, time).toISOString();

/** A confirmed free visit (dr-free's fee is 0) of a new patient at `time`. */
async function booked(db: Db, time: string, day = '2026-12-03', doctor = 'dr-free') {
  const patient = await newPatient(db);
  const hold = await holdSlot(db, { ctx, booker: booker(patient), body: { doctor_id: doctor, start: start(time, day) }, now: NOW });
  await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: hold.key, useWallet: true, now: NOW });
  return { patient, key: hold.key };
}

async function waiter(db: Db, range: { from?: string; to?: string; part?: 'morning' | 'afternoon' | 'any'; doctor?: string } = {}, now = NOW) {
  const patient = await newPatient(db);
  const entry = await joinWaitlist(db, {
    ctx,
    booker: booker(patient),
    body: { doctor_id: range.doctor ?? 'dr-free', from: range.from ?? '2026-12-02', to: range.to ?? '2026-12-06', part_of_day: range.part ?? 'any' },
    now,
  });
  return { patient, entry };
}

const entryOf = async (db: Db, patient: Account, now = NOW) => (await listWaitlist(db, { ctx, accountId: patient.id, now }))[0]!;
const offersOfSlot = (db: Db, doctor: string, time: string, day = '2026-12-03') =>
  db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.startsAt, tehran(day, time)))
    .then((rows) => rows.filter((row) => row.doctorId === doctor));

describeEachDatabase('waitlist', (database) => {
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it('joins with a position, refuses a second join of the same person, bad ranges, and past the limits', async () => {
    const doctor = 'dr-b';
    const first = await waiter(db, { doctor });
    expect(first.entry).toMatchObject({ status: 'waiting', position: 1, doctor_id: doctor, from: '2026-12-02', to: '2026-12-06', part_of_day: 'any' });
    expect(first.entry.key).toMatch(/^WL-[0-9A-Z]{6}$/);
    const second = await waiter(db, { doctor });
    expect(second.entry.position).toBe(2);
    const again = await refusal(joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: doctor, from: '2026-12-03', to: '2026-12-04', part_of_day: 'any' }, now: NOW }));
    expect(again.code).toBe('conflict');
    // The same account may wait for a relative: another person.
    const relative = { first_name: 'علی', last_name: 'احمدی', international_code: '0010350829' };
    const forRelative = await joinWaitlist(db, {
      ctx,
      booker: booker(first.patient),
      body: { doctor_id: doctor, from: '2026-12-03', to: '2026-12-04', part_of_day: 'morning', for: relative },
      now: NOW,
    });
    expect(forRelative).toMatchObject({ position: 3, patient: { first_name: 'علی', self: false } });
    expect(
      (await refusal(joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: doctor, from: '2026-11-30', to: '2026-12-04', part_of_day: 'any' }, now: NOW }))).code,
    ).toBe('invalid_input');
    expect(
      (await refusal(joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: doctor, from: '2026-12-03', to: '2027-01-31', part_of_day: 'any' }, now: NOW }))).code,
    ).toBe('invalid_input');
    expect(
      (await refusal(joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: 'no-such-doctor', from: '2026-12-03', to: '2026-12-04', part_of_day: 'any' }, now: NOW })))
        .code,
    ).toBe('not_found');
    // Three entries in line per account: a third (another doctor) passes, a fourth does not.
    await joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: 'dr-a', from: '2026-12-03', to: '2026-12-04', part_of_day: 'any' }, now: NOW });
    const fourth = await refusal(
      joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: 'dr-free', from: '2026-12-03', to: '2026-12-04', part_of_day: 'any' }, now: NOW }),
    );
    expect(fourth.code).toBe('conflict');
    expect(fourth.message).toContain('۳');
    // Leaving frees a place; leaving twice is harmless.
    await leaveWaitlist(db, { ctx, accountId: first.patient.id, key: first.entry.key, now: NOW });
    await leaveWaitlist(db, { ctx, accountId: first.patient.id, key: first.entry.key, now: NOW });
    expect((await listWaitlist(db, { ctx, accountId: second.patient.id, now: NOW }))[0]!.position).toBe(1);
    await joinWaitlist(db, { ctx, booker: booker(first.patient), body: { doctor_id: 'dr-free', from: '2026-12-20', to: '2026-12-21', part_of_day: 'any' }, now: NOW });
    // Another account's entry is not found.
    expect((await refusal(leaveWaitlist(db, { ctx, accountId: second.patient.id, key: forRelative.key, now: NOW }))).code).toBe('not_found');
  });

  it('limits the entries of all the accounts of one phone together, and of one address', async () => {
    const phone = '09127770001';
    const { insertAccount } = await import('../accounts/repository.ts');
    const { nationalCode } = await import('../../../tests/support/people.ts');
    const family = await Promise.all(
      [1, 2].map((n) => insertAccount(db, { phoneNumber: phone, firstName: 'مینا', lastName: `خانواده${n}`, internationalCode: nationalCode(880_000 + n), gender: 'female' })),
    );
    const doctors = ['dr-a', 'dr-b', 'dr-free'];
    for (const doctor of doctors)
      await joinWaitlist(db, { ctx, booker: booker(family[0]!), body: { doctor_id: doctor, from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW });
    for (const doctor of doctors.slice(0, 2))
      await joinWaitlist(db, { ctx, booker: booker(family[1]!), body: { doctor_id: doctor, from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW });
    const sixth = await refusal(joinWaitlist(db, { ctx, booker: booker(family[1]!), body: { doctor_id: 'dr-free', from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW }));
    expect(sixth.code).toBe('conflict');
    expect(sixth.message).toContain('۵');
    const small = testContext({}, {});
    small.waitlist = { offerMinutes: 30, limitPerAccount: 3, limitPerPhone: 5, limitPerAddress: 2 };
    for (let i = 0; i < 2; i++) {
      const patient = await newPatient(db);
      await joinWaitlist(db, { ctx: small, booker: booker(patient, '203.0.113.9'), body: { doctor_id: 'dr-a', from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW });
    }
    const third = await refusal(
      joinWaitlist(db, { ctx: small, booker: booker(await newPatient(db), '203.0.113.9'), body: { doctor_id: 'dr-a', from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW }),
    );
    expect(third.code).toBe('conflict');
    // Racing joins from one address are counted one after another: exactly the limit passes.
    const racing = await Promise.all(Array.from({ length: 10 }, () => newPatient(db)));
    small.waitlist = { ...small.waitlist, limitPerAddress: 3 };
    const results = await Promise.allSettled(
      racing.map((patient) => joinWaitlist(db, { ctx: small, booker: booker(patient, '203.0.113.77'), body: { doctor_id: 'dr-b', from: '2026-12-10', to: '2026-12-11', part_of_day: 'any' }, now: NOW })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('offers a cancelled slot to the first of three matching waiters; a decline passes it to the second, a lapse to the third, then it is free', async () => {
    const day = '2026-12-04';
    const visit = await booked(db, '09:00', day);
    const a = await waiter(db, { from: day, to: day, part: 'morning' });
    const b = await waiter(db, { from: day, to: day });
    const c = await waiter(db, { from: '2026-12-03', to: day, part: 'morning' });
    // Not for this slot: another part of the day, another range.
    const evening = await waiter(db, { from: day, to: day, part: 'afternoon' });
    const later = await waiter(db, { from: '2026-12-05', to: '2026-12-06' });
    sent.length = 0;
    await cancelAppointment(db, { ctx, accountId: visit.patient.id, key: visit.key, now: NOW });
    const offered = await entryOf(db, a.patient);
    expect(offered.status).toBe('offered');
    expect(offered.offer).toMatchObject({ start: start('09:00', day), status: 'live', expires_at: at(30).toISOString() });
    for (const other of [b, c, evening, later]) expect((await entryOf(db, other.patient)).status).toBe('waiting');
    // Nobody else can take it meanwhile.
    const intruder = await newPatient(db);
    expect((await refusal(holdSlot(db, { ctx, booker: booker(intruder), body: { doctor_id: 'dr-free', start: start('09:00', day) }, now: at(1) }))).code).toBe('conflict');
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-free', from: day, days: 1 }, at(1));
    expect(days[0]!.slots.find((slot) => slot.start === start('09:00', day))!.available).toBe(false);
    // The SMS goes once, with the link to the entry.
    await runDueJobs(db, at(1));
    await runDueJobs(db, at(2));
    const texts = sent.filter((sms) => sms.to === a.patient.phoneNumber);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(`/patient-profile/services?waitlist=${a.entry.key}`);

    expect(await declineOffer(db, { ctx, accountId: a.patient.id, key: a.entry.key, body: { leave: false }, now: at(5) })).toEqual({ key: a.entry.key, status: 'waiting' });
    expect((await entryOf(db, a.patient, at(5))).status).toBe('waiting');
    expect((await entryOf(db, b.patient, at(5))).offer).toMatchObject({ start: start('09:00', day), expires_at: at(35).toISOString() });

    // b does not answer: at its time the offer lapses (its own job) and c gets it.
    await runDueJobs(db, at(36));
    expect((await entryOf(db, b.patient, at(36))).status).toBe('waiting');
    expect((await entryOf(db, c.patient, at(36))).offer?.start).toBe(start('09:00', day));
    // a was offered this slot already: a lapse of c's offer leaves nobody, and the slot is free for all.
    await runDueJobs(db, at(70));
    for (const other of [a, b, c]) expect((await entryOf(db, other.patient, at(70))).status).toBe('waiting');
    expect((await offersOfSlot(db, 'dr-free', '09:00', day)).map((offer) => offer.status)).toEqual(['declined', 'lapsed', 'lapsed']);
    const taken = await holdSlot(db, { ctx, booker: booker(intruder), body: { doctor_id: 'dr-free', start: start('09:00', day) }, now: at(71) });
    expect(taken.status).toBe('held');
  });

  it('accepting makes the offer a hold paid from the wallet as any other; the entry is booked', async () => {
    const day = '2026-12-08';
    const owner = await newPatient(db);
    await fundWallet(db, owner.id, 5_000_000);
    const hold = await holdSlot(db, { ctx, booker: booker(owner), body: { doctor_id: 'dr-a', start: start('10:00', day) }, now: NOW });
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: owner.id, key: hold.key, useWallet: true, now: NOW });
    const w = await waiter(db, { doctor: 'dr-a', from: day, to: day });
    await fundWallet(db, w.patient.id, 5_000_000);
    // The waiter holds another slot of another doctor meanwhile: accepting lets it go (one hold per account).
    const other = await holdSlot(db, { ctx, booker: booker(w.patient), body: { doctor_id: 'dr-b', start: start('11:00', day) }, now: at(1) });
    const behind = await waiter(db, { doctor: 'dr-b', from: day, to: day });
    await cancelAppointment(db, { ctx, accountId: owner.id, key: hold.key, now: at(2) });
    expect(await walletBalanceOf(db, owner.id)).toBe(5_000_000);
    const offer = (await entryOf(db, w.patient, at(2))).offer!;
    expect(offer).toMatchObject({ status: 'live', fee: 5_000_000 });
    // The offered row is not the patient's yet: their own calls do not see it.
    expect((await refusal(payAppointment(db, { ctx, gateway: 'sandbox', accountId: w.patient.id, key: offer.appointment_key, useWallet: true, now: at(3) }))).code).toBe('not_found');
    // Nor can anyone else accept it.
    expect((await refusal(acceptOffer(db, { ctx, booker: booker(behind.patient), key: w.entry.key, now: at(3) }))).code).toBe('not_found');
    const accepted = await acceptOffer(db, { ctx, booker: booker(w.patient), key: w.entry.key, now: at(3) });
    expect(accepted).toMatchObject({ appointment_key: offer.appointment_key, status: 'held', start: start('10:00', day), fee: 5_000_000, expires_at: at(32).toISOString() });
    expect(await acceptOffer(db, { ctx, booker: booker(w.patient), key: w.entry.key, now: at(4) })).toEqual(accepted);
    expect((await findAppointment(db, other.key))?.status).toBe('expired');
    // The hold it let go went to the next in line for it.
    expect((await entryOf(db, behind.patient, at(4))).offer?.start).toBe(start('11:00', day));
    expect((await refusal(declineOffer(db, { ctx, accountId: w.patient.id, key: w.entry.key, body: { leave: false }, now: at(4) }))).code).toBe('conflict');
    const paid = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: w.patient.id, key: accepted.appointment_key, useWallet: true, now: at(5) });
    expect(paid.status).toBe('confirmed');
    expect(await walletBalanceOf(db, w.patient.id)).toBe(0);
    const entry = await entryOf(db, w.patient, at(5));
    expect(entry.status).toBe('booked');
    expect(entry.offer).toBeUndefined();
    expect((await offersOfSlot(db, 'dr-a', '10:00', day)).map((row) => [row.status, row.acceptedAt !== null])).toEqual([['booked', true]]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('skips a person who already has that doctor that day, or another visit then; a lapsed offer twice ends the entry', async () => {
    const day = '2026-12-07';
    const visit = await booked(db, '08:00', day);
    const hasDay = await waiter(db, { from: day, to: day });
    await holdSlot(db, { ctx, booker: booker(hasDay.patient), body: { doctor_id: 'dr-free', start: start('11:00', day) }, now: NOW });
    const busy = await waiter(db, { from: day, to: day });
    await holdSlot(db, { ctx, booker: booker(busy.patient), body: { doctor_id: 'dr-b', start: start('08:00', day) }, now: NOW });
    const free = await waiter(db, { from: day, to: day });
    await cancelAppointment(db, { ctx, accountId: visit.patient.id, key: visit.key, now: NOW });
    expect((await entryOf(db, hasDay.patient)).status).toBe('waiting');
    expect((await entryOf(db, busy.patient)).status).toBe('waiting');
    expect((await entryOf(db, free.patient)).offer?.start).toBe(start('08:00', day));
    // free lets it lapse, then a second offer lapses too: the entry leaves the line.
    expect(await lapseOffer(db, ctx, (await offersOfSlot(db, 'dr-free', '08:00', day))[0]!.id, at(31))).toBe(true);
    // Those two leave; the next freed slot goes to free again.
    await leaveWaitlist(db, { ctx, accountId: hasDay.patient.id, key: hasDay.entry.key, now: at(31) });
    await leaveWaitlist(db, { ctx, accountId: busy.patient.id, key: busy.entry.key, now: at(31) });
    const second = await booked(db, '08:15', day);
    await cancelAppointment(db, { ctx, accountId: second.patient.id, key: second.key, now: at(32) });
    expect((await entryOf(db, free.patient, at(32))).offer?.start).toBe(start('08:15', day));
    await sweepWaitlist(db, ctx, at(63));
    expect((await entryOf(db, free.patient, at(63))).status).toBe('expired');
  });

  it('offers the slots freed by a lapsed hold, a move and a release, but withdraws offers inside a leave', async () => {
    const day = '2026-12-09';
    const w1 = await waiter(db, { from: day, to: day });
    const w2 = await waiter(db, { from: day, to: day });
    const w3 = await waiter(db, { from: day, to: day });
    // A hold left unpaid: the release job frees it to the first waiter.
    const walker = await newPatient(db);
    await holdSlot(db, { ctx, booker: booker(walker), body: { doctor_id: 'dr-a', start: start('09:00', day) }, now: NOW });
    const lapsing = await newPatient(db);
    const held = await holdSlot(db, { ctx, booker: booker(lapsing), body: { doctor_id: 'dr-free', start: start('09:00', day) }, now: NOW });
    void held;
    await releaseLapsed(db, ctx, at(11));
    expect((await entryOf(db, w1.patient, at(11))).offer?.start).toBe(start('09:00', day));
    // A move frees the old slot.
    const moving = await booked(db, '10:00', day);
    await rescheduleAppointment(db, { ctx, accountId: moving.patient.id, key: moving.key, body: { start: start('11:30', day) }, now: at(12) });
    expect((await entryOf(db, w2.patient, at(12))).offer?.start).toBe(start('10:00', day));
    // A hold that lapsed but still sits in the index: the next hold of the slot finds the waiter first.
    const sitter = await newPatient(db);
    await holdSlot(db, { ctx, booker: booker(sitter), body: { doctor_id: 'dr-free', start: start('10:30', day) }, now: at(12) });
    const grabber = await newPatient(db);
    expect((await refusal(holdSlot(db, { ctx, booker: booker(grabber), body: { doctor_id: 'dr-free', start: start('10:30', day) }, now: at(23) }))).code).toBe('conflict');
    expect((await entryOf(db, w3.patient, at(23))).offer?.start).toBe(start('10:30', day));
    // w2 accepts; then the doctor takes the day off: both offers end, the waiters stay in line.
    await acceptOffer(db, { ctx, booker: booker(w2.patient), key: w2.entry.key, now: at(24) });
    await fileLeave(db, { ctx, doctorId: 'dr-free', order: { from: day, to: day, reason: 'مرخصی' }, now: at(25) });
    for (const w of [w1, w2, w3]) expect((await entryOf(db, w.patient, at(25))).status).toBe('waiting');
    const statuses = (await db.select().from(waitlistOffers)).filter((row) => row.startsAt.toISOString().startsWith('2026-12-09') && row.doctorId === 'dr-free').map((row) => row.status);
    expect(statuses.sort()).toEqual(['withdrawn', 'withdrawn', 'withdrawn']);
    const offeredRows = await db.select().from(appointments).where(eq(appointments.status, 'offered'));
    expect(offeredRows.filter((row) => row.startsAt.toISOString().startsWith('2026-12-09') && row.doctorId === 'dr-free')).toHaveLength(0);
  });

  it('offers the slots a moving booking window opens to those waiting for those days', async () => {
    // 31 days ahead is the window's end: a wait for days 33–34 sees no slot yet.
    const w = await waiter(db, { doctor: 'dr-b', from: '2027-01-03', to: '2027-01-04', part: 'morning' });
    await sweepWaitlist(db, ctx, at(1));
    expect((await entryOf(db, w.patient, at(1))).status).toBe('waiting');
    // Three days later the window holds 2027-01-03: its first morning slot goes to the waiter.
    const later = new Date(NOW.getTime() + 3 * 24 * 60 * MIN);
    await sweepWaitlist(db, ctx, later);
    const entry = await entryOf(db, w.patient, later);
    expect(entry.offer?.start).toBe(tehran('2027-01-03', '08:00').toISOString());
  });
});
