import { describe, expect, it, vi } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { spreadAmong } from './alternatives.ts';
import { holdSlot } from './service.ts';
import { nextFreeStarts } from './slots.ts';

const ctx = testContext();
const booker = (account: Account) => ({ id: account.id, firstName: account.firstName, lastName: account.lastName });
const slot = (time: string, day = '2026-12-02') => tehran(day, time).toISOString();
const starts = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 11, 2, 5, i * 15)).toISOString());

describe('spreadAmong', () => {
  it('gives five consecutive starts from the account’s offset, wrapping, in time order', () => {
    const free = starts(20);
    expect(spreadAmong(free, 3)).toEqual(free.slice(3, 8));
    expect(spreadAmong(free, 23)).toEqual(free.slice(3, 8));
    expect(spreadAmong(free, 18)).toEqual([free[0], free[1], free[2], free[18], free[19]]);
  });

  it('gives all of them when five or fewer are left', () => {
    expect(spreadAmong(starts(5), 7)).toEqual(starts(5));
    expect(spreadAmong(starts(2), 7)).toEqual(starts(2));
  });
});

describeEachDatabase('a refused hold’s alternatives', (database) => {
  it('patients refused the same slot at once are sent to different free starts among the next twenty', async () => {
    const { db } = database();
    const patients = await Promise.all(Array.from({ length: 12 }, () => newPatient(db)));
    const start = slot('10:00');
    await holdSlot(db, { ctx, booker: booker(patients[0]!), body: { doctor_id: 'dr-a', start }, now: NOW });
    const next = await nextFreeStarts(db, { ctx, doctorId: 'dr-a', now: NOW, limit: 20 });
    const refused = await Promise.all(patients.slice(1).map((p) => refusal(holdSlot(db, { ctx, booker: booker(p), body: { doctor_id: 'dr-a', start }, now: NOW }))));
    const offered = refused.map((answer) => answer.data?.alternatives as string[]);
    for (const alternatives of offered) {
      expect(alternatives).toHaveLength(5);
      expect(alternatives).not.toContain(start);
      expect([...alternatives].sort()).toEqual(alternatives);
      for (const alternative of alternatives) expect(next).toContain(alternative);
    }
    // The same first five for everyone is what made the crowd collide again.
    expect(new Set(offered.flat()).size).toBeGreaterThan(10);
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
