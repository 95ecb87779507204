import { expect, it, vi } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { holdSlot } from './service.ts';
import { nextFreeStarts } from './slots.ts';

const ctx = testContext();
const booker = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const slot = (time: string, day = '2026-12-02') => tehran(day, time).toISOString();

describeEachDatabase('a refused hold’s alternatives', (database) => {
  it('patients refused the same slot at once are all offered the next five free starts, in time order', async () => {
    const { db } = database();
    const patients = await Promise.all(Array.from({ length: 12 }, () => newPatient(db)));
    const start = slot('10:00');
    await holdSlot(db, { ctx, booker: booker(patients[0]!), body: { doctor_id: 'dr-a', start }, now: NOW });
    const next = await nextFreeStarts(db, { ctx, doctorId: 'dr-a', now: NOW, limit: 5 });
    const refused = await Promise.all(patients.slice(1).map((p) => refusal(holdSlot(db, { ctx, booker: booker(p), body: { doctor_id: 'dr-a', start }, now: NOW }))));
    for (const answer of refused) expect(answer.data?.alternatives).toEqual(next);
    expect(next).not.toContain(start);
  });

  it('a start this process has just held is not offered again, even within the moment the free starts are shared', async () => {
    const { db } = database();
    const [keeper, asker, taker] = await Promise.all([newPatient(db), newPatient(db), newPatient(db)]);
    // The suite's database is shared: a slot of its own.
    const start = slot('11:00');
    await holdSlot(db, { ctx, booker: booker(keeper), body: { doctor_id: 'dr-a', start }, now: NOW });
    // The shared read stays fresh however slow the machine: only the hold may make it stale.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const first = (await refusal(holdSlot(db, { ctx, booker: booker(asker), body: { doctor_id: 'dr-a', start }, now: NOW }))).data?.alternatives as string[];
      await holdSlot(db, { ctx, booker: booker(taker), body: { doctor_id: 'dr-a', start: first[0]! }, now: NOW });
      const again = (await refusal(holdSlot(db, { ctx, booker: booker(asker), body: { doctor_id: 'dr-a', start }, now: NOW }))).data?.alternatives as string[];
      expect(again).not.toContain(first[0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
