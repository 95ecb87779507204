import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { doctorLeaves } from '../db/schema/appointments.ts';
import { waitlistOffers } from '../db/schema/waitlist.ts';
import { joinWaitlist, listWaitlist } from '../waitlist/service.ts';
import { fileLeave, withdrawLeave } from './hospital.ts';
import { registerAppointmentPayments } from './payment-effect.ts';
import { findAppointment } from './repository.ts';
import { holdSlot, payAppointment } from './service.ts';
import { listSlots } from './slots.ts';

const ctx = testContext({}, {});
registerAppointmentPayments(() => ctx);

const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const booker = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const start = (day: string, time: string) => tehran(day, time).toISOString();
const REASON = 'سفر علمی پزشک';

async function waiter(db: Db, doctor: string, from: string, to = from) {
  const patient = await newPatient(db);
  const entry = await joinWaitlist(db, { ctx, booker: booker(patient), body: { doctor_id: doctor, from, to, part_of_day: 'any' }, now: NOW });
  return { patient, entry };
}
const entryOf = async (db: Db, patient: Account, now: Date) => (await listWaitlist(db, { ctx, accountId: patient.id, now }))[0]!;
const holdAt = (db: Db, patient: Account, doctor: string, day: string, time: string, now: Date) =>
  holdSlot(db, { ctx, booker: booker(patient), body: { doctor_id: doctor, start: start(day, time) }, now });
const freeStarts = async (db: Db, doctor: string, day: string, now: Date) =>
  (await listSlots(db, ctx, { doctorId: doctor, from: day, days: 1 }, now)).days[0]!.slots.filter((slot) => slot.available).map((slot) => slot.start);

describeEachDatabase('withdrawing a leave', (database) => {
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it('offers the freed slots to those waiting first, in order of joining; the rest are free for everyone; twice is the same', async () => {
    const doctor = 'dr-free';
    const day = '2026-12-05';
    // A booking inside the leave: cancelled by it, and it stays cancelled.
    const owner = await newPatient(db);
    const visit = await holdAt(db, owner, doctor, day, '11:00', NOW);
    await payAppointment(db, { ctx, gateway: 'sandbox', accountId: owner.id, key: visit.key, useWallet: true, now: NOW });
    const filed = await fileLeave(db, { ctx, doctorId: doctor, order: { from: day, to: day, reason: REASON }, now: at(1) });
    expect(filed.cancelled.map((c) => c.key)).toEqual([visit.key]);

    const first = await waiter(db, doctor, day);
    const second = await waiter(db, doctor, day);
    const otherDay = await waiter(db, doctor, '2026-12-06');
    const walkIn = await newPatient(db);
    expect((await refusal(holdAt(db, walkIn, doctor, day, '08:30', at(2)))).code).toBe('conflict');
    expect(await freeStarts(db, doctor, day, at(2))).toEqual([]);

    const withdrawn = await withdrawLeave(db, { ctx, doctorId: doctor, leaveId: filed.leave_id, now: at(3) });
    expect(withdrawn).toEqual({ leave_id: filed.leave_id, withdrawn_at: at(3).toISOString(), offered: 2 });
    // The first two slots of the day, one each, the first to the first who joined.
    const offers = [await entryOf(db, first.patient, at(3)), await entryOf(db, second.patient, at(3))];
    expect(offers.map((entry) => [entry.status, entry.offer?.start, entry.offer?.status])).toEqual([
      ['offered', start(day, '08:00'), 'live'],
      ['offered', start(day, '08:15'), 'live'],
    ]);
    expect((await entryOf(db, otherDay.patient, at(3))).status).toBe('waiting');
    // The other fourteen (the cancelled visit's 11:00 among them) are free for everyone; the offered two are not.
    const free = await freeStarts(db, doctor, day, at(4));
    expect(free).toHaveLength(14);
    expect(free[0]).toBe(start(day, '08:30'));
    expect(free).toContain(start(day, '11:00'));
    expect((await refusal(holdAt(db, walkIn, doctor, day, '08:00', at(4)))).code).toBe('conflict');
    expect((await holdAt(db, walkIn, doctor, day, '08:30', at(4))).status).toBe('held');
    expect((await findAppointment(db, visit.key))?.status).toBe('cancelled');

    // Twice: the same answer, nothing offered again.
    expect(await withdrawLeave(db, { ctx, doctorId: doctor, leaveId: filed.leave_id, now: at(5) })).toEqual({ ...withdrawn, offered: 0 });
    const madeToday = (await db.select().from(waitlistOffers).where(eq(waitlistOffers.doctorId, doctor))).filter((o) => o.startsAt.toISOString().startsWith('2026-12-05'));
    expect(madeToday).toHaveLength(2);
    // The row stays, marked.
    const [row] = await db.select().from(doctorLeaves).where(eq(doctorLeaves.id, filed.leave_id));
    expect(row?.withdrawnAt?.toISOString()).toBe(at(3).toISOString());
  });

  it('lets no hold racing the withdrawal take a slot before the patient waiting for it', async () => {
    const doctor = 'dr-a';
    const day = '2026-12-10';
    const leave = await fileLeave(db, { ctx, doctorId: doctor, order: { from: day, to: day, reason: REASON }, now: NOW });
    const w = await waiter(db, doctor, day);
    const racers = await Promise.all(Array.from({ length: 6 }, () => newPatient(db)));
    const [withdrawn, ...holds] = await Promise.allSettled([
      withdrawLeave(db, { ctx, doctorId: doctor, leaveId: leave.leave_id, now: at(1) }),
      ...racers.map((racer) => holdAt(db, racer, doctor, day, '08:00', at(1))),
    ]);
    expect(withdrawn).toMatchObject({ status: 'fulfilled', value: { offered: 1 } });
    expect(holds.map((hold) => hold.status)).toEqual(racers.map(() => 'rejected'));
    expect((await entryOf(db, w.patient, at(1))).offer?.start).toBe(start(day, '08:00'));
  });

  it('answers 404 for another doctor’s leave, an unknown leave and an unknown doctor, changing nothing', async () => {
    const day = '2026-12-08';
    const leave = await fileLeave(db, { ctx, doctorId: 'dr-a', order: { from: day, to: day, reason: REASON }, now: NOW });
    expect((await refusal(withdrawLeave(db, { ctx, doctorId: 'dr-b', leaveId: leave.leave_id, now: at(1) }))).code).toBe('not_found');
    expect((await refusal(withdrawLeave(db, { ctx, doctorId: 'dr-a', leaveId: leave.leave_id + 1000, now: at(1) }))).code).toBe('not_found');
    const unknownDoctor = await refusal(withdrawLeave(db, { ctx, doctorId: 'no-such-doctor', leaveId: leave.leave_id, now: at(1) }));
    expect(unknownDoctor.code).toBe('not_found');
    expect(unknownDoctor.message).toBe('پزشک پیدا نشد');
    expect(await freeStarts(db, 'dr-a', day, at(2))).toEqual([]);
  });

  it('keeps the slots of another leave still in force closed', async () => {
    const doctor = 'dr-b';
    const day = '2026-12-09';
    const wholeDay = await fileLeave(db, { ctx, doctorId: doctor, order: { from: day, to: day, reason: REASON }, now: NOW });
    await fileLeave(db, { ctx, doctorId: doctor, order: { from: start(day, '08:00'), to: start(day, '09:00'), reason: REASON }, now: NOW });
    const w = await waiter(db, doctor, day);
    expect(await withdrawLeave(db, { ctx, doctorId: doctor, leaveId: wholeDay.leave_id, now: at(1) })).toMatchObject({ offered: 1 });
    expect((await entryOf(db, w.patient, at(1))).offer?.start).toBe(start(day, '09:00'));
    const free = await freeStarts(db, doctor, day, at(1));
    expect(free).toHaveLength(11);
    expect(free[0]).toBe(start(day, '09:15'));
  });
});
