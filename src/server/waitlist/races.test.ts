import { beforeAll, expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { cancelAppointment } from '../appointments/changes.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/appointments.ts';
import { waitlistOffers } from '../db/schema/waitlist.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { registerWaitlistJobHandlers, sweepWaitlist } from './jobs.ts';
import { joinWaitlist } from './service.ts';

const ctx = testContext();
registerWaitlistJobHandlers({ context: () => ctx, send: async () => {} });
const MIN = 60_000;
const booker = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
/** dr-free works 08:00–12:00 every day: 16 slots of 15 minutes. */
const slotsOf = (days: string[]) =>
  days.flatMap((day) => Array.from({ length: 16 }, (_, i) => tehran(day, `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)));

async function bookAll(db: Db, starts: Date[]) {
  return Promise.all(
    starts.map(async (start) => {
      const patient = await newPatient(db);
      const hold = await holdSlot(db, { ctx, booker: booker(patient), body: { doctor_id: 'dr-free', start: start.toISOString() }, now: NOW });
      await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: hold.key, useWallet: true, now: NOW });
      return { patient, key: hold.key };
    }),
  );
}

/** `count` patients join at once (which of them comes first does not matter here). */
async function lineUp(db: Db, count: number, range: { from: string; to: string }) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const patient = await newPatient(db);
      return { patient, entry: await joinWaitlist(db, { ctx, booker: booker(patient), body: { doctor_id: 'dr-free', from: range.from, to: range.to, part_of_day: 'any' }, now: NOW }) };
    }),
  );
}

const offersBetween = async (db: Db, from: Date, to: Date) =>
  (await db.select().from(waitlistOffers)).filter((offer) => offer.doctorId === 'dr-free' && offer.startsAt >= from && offer.startsAt < to);

describeEachDatabase('waitlist races', (database) => {
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  it('50 simultaneous cancellations of slots 50 patients wait for make 50 offers to 50 patients, none twice', async () => {
    const days = ['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];
    const visits = await bookAll(db, slotsOf(days).slice(0, 50));
    const line = await lineUp(db, 50, { from: days[0]!, to: days[3]! });
    const results = await Promise.allSettled(visits.map((visit) => cancelAppointment(db, { ctx, accountId: visit.patient.id, key: visit.key, now: NOW })));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const offers = await offersBetween(db, tehran(days[0]!, '00:00'), tehran('2026-12-14', '00:00'));
    expect(offers).toHaveLength(50);
    expect(new Set(offers.map((offer) => offer.entryId)).size).toBe(50);
    expect(new Set(offers.map((offer) => offer.startsAt.getTime())).size).toBe(50);
    expect(offers.every((offer) => offer.status === 'live')).toBe(true);
    const lineIds = new Set((await Promise.all(line.map(async ({ entry }) => entry.key))).values());
    expect(lineIds.size).toBe(50);
    // Each offered slot is kept by exactly one row of the patient it was offered to.
    const offered = (await db.select().from(appointments)).filter(
      (row) => row.status === 'offered' && row.doctorId === 'dr-free' && row.startsAt >= tehran(days[0]!, '00:00') && row.startsAt < tehran('2026-12-14', '00:00'),
    );
    expect(offered).toHaveLength(50);
    expect(new Set(offered.map((row) => row.accountId)).size).toBe(50);
  });

  it('two job runners and a sweep lapsing the same offers at once never offer a slot twice', async () => {
    const days = ['2026-12-15', '2026-12-16'];
    const visits = await bookAll(db, slotsOf(days).slice(0, 20));
    await lineUp(db, 45, { from: days[0]!, to: days[1]! });
    for (const visit of visits) await cancelAppointment(db, { ctx, accountId: visit.patient.id, key: visit.key, now: NOW });
    const from = tehran(days[0]!, '00:00');
    const to = tehran('2026-12-17', '00:00');
    expect(await offersBetween(db, from, to)).toHaveLength(20);
    // Every offer lapses at NOW + 30 min: two runners and the sweep pass them on together.
    const later = new Date(NOW.getTime() + 31 * MIN);
    await Promise.all([runDueJobs(db, later, { runner: 'a', limit: 100 }), runDueJobs(db, later, { runner: 'b', limit: 100 }), sweepWaitlist(db, ctx, later)]);
    await runDueJobs(db, later, { runner: 'a', limit: 100 });
    const offers = await offersBetween(db, from, to);
    // Each slot went on once: 20 lapsed, 20 live (one a slot, one an entry), no slot offered twice to one entry.
    expect(offers.filter((offer) => offer.status === 'lapsed')).toHaveLength(20);
    const live = offers.filter((offer) => offer.status === 'live');
    expect(live).toHaveLength(20);
    expect(new Set(live.map((offer) => offer.startsAt.getTime())).size).toBe(20);
    expect(new Set(live.map((offer) => offer.entryId)).size).toBe(20);
    for (const start of new Set(offers.map((offer) => offer.startsAt.getTime()))) expect(offers.filter((offer) => offer.startsAt.getTime() === start)).toHaveLength(2);
    expect(new Set(offers.map((offer) => `${offer.entryId}:${offer.startsAt.getTime()}`)).size).toBe(40);
  });
});
