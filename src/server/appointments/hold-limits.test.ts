import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { NOW, tehran, testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { refusal } from '../../../tests/support/rejection.ts';
import { type Account, insertAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/appointments.ts';
import type { AppError } from '../errors.ts';
import { countEvents } from '../limits/repository.ts';
import { cancelAppointment } from './changes.ts';
import { releaseLapsed } from './jobs.ts';
import { type Booker, HOLD_REFUSAL_BUCKETS, holdSlot, payAppointment } from './service.ts';
import { listSlots } from './slots.ts';

const ctx = testContext();
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const slot = (time: string, day = '2026-12-02') => tehran(day, time).toISOString();
/** The 16 starts of dr-a on `day` (08:00 … 11:45). */
const startsOf = (day: string) =>
  Array.from({ length: 16 }, (_, i) => tehran(day, `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`).toISOString());

let serial = 0;
/** `n` accounts on one phone (a family's, or an abuser's). */
async function accountsOnPhone(db: Db, n: number): Promise<Account[]> {
  const phone = `0935${String(++serial * 1000 + Math.floor(Math.random() * 1000) + process.pid * 100_000)
    .slice(-7)
    .padStart(7, '0')}`;
  const made: Account[] = [];
  for (let i = 0; i < n; i++) {
    const code = 300_000 + serial * 50 + i + Math.floor(Math.random() * 10_000_000);
    made.push(await insertAccount(db, { phoneNumber: phone, firstName: 'سارا', lastName: 'کریمی', internationalCode: nationalCode(code), gender: 'female' }));
  }
  return made;
}

const booker = (account: Account, address?: string): Booker => ({ id: account.id, firstName: account.firstName, lastName: account.lastName, ...(address ? { address } : {}) });

const rowCount = async (db: Db) => (await db.select({ n: count() }).from(appointments))[0]!.n;

describeEachDatabase('hold limits', (database) => {
  it("70 accounts on 7 phones trying every slot of a doctor's day at once hold at most 14 (2 a phone)", async () => {
    const { db } = database();
    const phones = await Promise.all(Array.from({ length: 7 }, () => accountsOnPhone(db, 10)));
    const starts = [...startsOf('2026-12-03'), ...startsOf('2026-12-04'), ...startsOf('2026-12-06'), ...startsOf('2026-12-07')];
    // Each account tries its own slot, each from its own address: only the phone limit is left to stop them.
    const tries = phones
      .flat()
      .map((account, i) =>
        holdSlot(db, { ctx, booker: booker(account, `10.0.${Math.floor(i / 250)}.${i % 250}`), body: { doctor_id: 'dr-a', start: starts[i % starts.length]! }, now: NOW }),
      );
    const results = await Promise.allSettled(tries);
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held).toHaveLength(14);
    // 70 tries on 64 slots: a few lose the slot itself (409); every other loser is refused by the phone limit.
    const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AppError).code] : []));
    expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThanOrEqual(70 - 14 - 6);
    expect(codes.every((code) => code === 'rate_limited' || code === 'conflict')).toBe(true);
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-a', days: 7 }, NOW);
    const taken = days.flatMap((day) => day.slots.filter((s) => !s.available));
    expect(taken).toHaveLength(14);
  });

  it('50 parallel holds by the 10 accounts of one phone: exactly 2 are held, the rest are 429 with Retry-After and leave no row', async () => {
    const { db } = database();
    const family = await accountsOnPhone(db, 10);
    const before = await rowCount(db);
    // Each account tries its own three slots (no two accounts want one slot, so no refusal is a
    // taken slot): five tries each, the later ones replacing or repeating the account's own hold.
    const starts = [...startsOf('2026-12-08'), ...startsOf('2026-12-09')];
    const tries = Array.from({ length: 50 }, (_, i) =>
      holdSlot(db, { ctx, booker: booker(family[i % 10]!), body: { doctor_id: 'dr-b', start: starts[(i % 10) + 10 * (Math.floor(i / 10) % 3)]! }, now: NOW }),
    );
    const results = await Promise.allSettled(tries);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    // An account's second hold replaces its first, so the survivors are what is held at the end.
    expect(await rowCount(db)).toBeLessThanOrEqual(before + 50 - refused.length);
    const { days } = await listSlots(db, ctx, { doctorId: 'dr-b', days: 9 }, NOW);
    expect(days.flatMap((day) => day.slots.filter((s) => !s.available))).toHaveLength(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error.code).toBe('rate_limited');
      expect(error.retryAfter).toBeGreaterThan(0);
      expect(error.retryAfter).toBeLessThanOrEqual(10 * 60);
    }
    expect(await countEvents(db, { bucket: HOLD_REFUSAL_BUCKETS.phone, subject: family[0]!.phoneNumber }, at(-1))).toBe(refused.length);
  });

  it("an account's new hold replaces its own and is not refused for it; a family holds 2, the third account is told to pay or cancel one", async () => {
    const { db } = database();
    const [a, b, c] = await accountsOnPhone(db, 3);
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('08:00', '2026-12-09') }, now: NOW });
    await holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('08:15', '2026-12-09') }, now: at(1) });
    // a moves its hold: still two held by the phone.
    const moved = await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('08:30', '2026-12-09') }, now: at(2) });
    expect(moved.status).toBe('held');
    const before = await rowCount(db);
    const third = await refusal(holdSlot(db, { ctx, booker: booker(c!), body: { doctor_id: 'dr-a', start: slot('08:45', '2026-12-09') }, now: at(3) }));
    expect(third.code).toBe('rate_limited');
    expect(third.message).toContain('پرداخت یا لغو');
    // b's hold (taken at minute 1) lapses first: at minute 11, 8 minutes from now.
    expect(third.retryAfter).toBe(8 * 60);
    expect(await rowCount(db)).toBe(before);
    // Once b's hold lapses, c may hold.
    expect((await holdSlot(db, { ctx, booker: booker(c!), body: { doctor_id: 'dr-a', start: slot('08:45', '2026-12-09') }, now: at(11) })).status).toBe('held');
  });

  it('a slot someone else keeps is a 409 with alternatives before any limit: the phone at its limit is not counted as refused', async () => {
    const { db } = database();
    const [a, b, c] = await accountsOnPhone(db, 3);
    const [stranger] = await accountsOnPhone(db, 1);
    const kept = slot('09:00', '2026-12-16');
    await holdSlot(db, { ctx, booker: booker(stranger!), body: { doctor_id: 'dr-a', start: kept }, now: NOW });
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('09:15', '2026-12-16') }, now: NOW });
    await holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('09:30', '2026-12-16') }, now: NOW });
    const before = await rowCount(db);
    const taken = await refusal(holdSlot(db, { ctx, booker: booker(c!, '10.9.9.9'), body: { doctor_id: 'dr-a', start: kept }, now: at(1) }));
    expect(taken.code).toBe('conflict');
    expect(taken.data?.alternatives).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(taken.data?.alternatives).not.toContain(kept);
    expect(await rowCount(db)).toBe(before);
    expect(await countEvents(db, { bucket: HOLD_REFUSAL_BUCKETS.phone, subject: c!.phoneNumber }, NOW)).toBe(0);
    // The same account asking again for its own held slot still gets it back.
    const again = await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('09:15', '2026-12-16') }, now: at(2) });
    expect(again.status).toBe('held');
    // A free slot is refused by the phone's limit as before.
    expect((await refusal(holdSlot(db, { ctx, booker: booker(c!), body: { doctor_id: 'dr-a', start: slot('09:45', '2026-12-16') }, now: at(3) }))).code).toBe('rate_limited');
  });

  it('a bank payment left open counts as a hold of the phone until it expires', async () => {
    const { db } = database();
    const [a, b, c] = await accountsOnPhone(db, 3);
    const first = await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('09:00', '2026-12-09') }, now: NOW });
    const paying = await payAppointment(db, { ctx, gateway: 'sandbox', accountId: a!.id, key: first.key, useWallet: false, now: at(1) });
    expect(paying.status).toBe('awaiting_payment');
    await holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('09:15', '2026-12-09') }, now: at(2) });
    const refused = await refusal(holdSlot(db, { ctx, booker: booker(c!), body: { doctor_id: 'dr-a', start: slot('09:30', '2026-12-09') }, now: at(5) }));
    expect(refused.code).toBe('rate_limited');
    // b's hold lapsed at minute 12: c takes its place.
    await expect(holdSlot(db, { ctx, booker: booker(c!), body: { doctor_id: 'dr-a', start: slot('09:30', '2026-12-09') }, now: at(13) })).resolves.toMatchObject({ status: 'held' });
    // At minute 16 a's own 10 minutes are long over, but its payment (20 minutes from minute 1) is still open.
    const again = await refusal(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('09:45', '2026-12-09') }, now: at(16) }));
    expect(again.code).toBe('rate_limited');
    // The payment expires at minute 21.
    await expect(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('09:45', '2026-12-09') }, now: at(21) })).resolves.toMatchObject({ status: 'held' });
  });

  it('5 open holds from one address by accounts on 5 phones: the sixth phone is refused there, and holds from another address', async () => {
    const { db } = database();
    const phones = await Promise.all(Array.from({ length: 6 }, () => accountsOnPhone(db, 1)));
    const address = '198.51.100.7';
    const starts = startsOf('2026-12-10');
    for (let i = 0; i < 5; i++) await holdSlot(db, { ctx, booker: booker(phones[i]![0]!, address), body: { doctor_id: 'dr-a', start: starts[i]! }, now: at(i) });
    const before = await rowCount(db);
    const refused = await refusal(holdSlot(db, { ctx, booker: booker(phones[5]![0]!, address), body: { doctor_id: 'dr-a', start: starts[5]! }, now: at(5) }));
    expect(refused.code).toBe('rate_limited');
    expect(refused.message).toContain('اتصال');
    expect(refused.retryAfter).toBe(5 * 60);
    expect(await rowCount(db)).toBe(before);
    expect(await countEvents(db, { bucket: HOLD_REFUSAL_BUCKETS.address, subject: address }, NOW)).toBe(1);
    await expect(holdSlot(db, { ctx, booker: booker(phones[5]![0]!, '203.0.113.9'), body: { doctor_id: 'dr-a', start: starts[5]! }, now: at(5) })).resolves.toMatchObject({ status: 'held' });
  });

  it('40 parallel holds from one address by accounts on 40 phones: exactly 5 are held', async () => {
    const { db } = database();
    const phones = await Promise.all(Array.from({ length: 40 }, () => accountsOnPhone(db, 1)));
    const starts = [...startsOf('2026-12-11'), ...startsOf('2026-12-12'), ...startsOf('2026-12-13')];
    const results = await Promise.allSettled(
      phones.map(([account], i) => holdSlot(db, { ctx, booker: booker(account!, '198.51.100.99'), body: { doctor_id: 'dr-b', start: starts[i]! }, now: NOW })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('a phone whose hold of a slot lapsed cannot hold that slot again for HOLD_MINUTES; another phone can, and the phone can hold other slots', async () => {
    const { db } = database();
    const [a, b] = await accountsOnPhone(db, 2);
    const [stranger] = await accountsOnPhone(db, 1);
    const start = slot('10:00', '2026-12-14');
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start }, now: NOW });
    // Lapsed at minute 10 (not yet marked by the release job): refused to the same phone's other account until minute 20.
    const early = await refusal(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start }, now: at(12) }));
    expect(early.code).toBe('rate_limited');
    expect(early.retryAfter).toBe(8 * 60);
    expect(early.message).toContain('به‌تازگی تمام شده');
    // And once the job has marked it expired.
    await releaseLapsed(db, ctx, at(13));
    expect((await refusal(holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start }, now: at(14) }))).retryAfter).toBe(6 * 60);
    // Other slots are fine for the phone.
    await expect(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start: slot('10:15', '2026-12-14') }, now: at(14) })).resolves.toMatchObject({ status: 'held' });
    // Another phone may take the slot meanwhile.
    await expect(holdSlot(db, { ctx, booker: booker(stranger!), body: { doctor_id: 'dr-a', start }, now: at(15) })).resolves.toMatchObject({ status: 'held' });
  });

  it('after the cooldown the phone may hold the slot again', async () => {
    const { db } = database();
    const [a, b] = await accountsOnPhone(db, 2);
    const start = slot('10:30', '2026-12-14');
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start }, now: NOW });
    await expect(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start }, now: at(20) })).resolves.toMatchObject({ status: 'held' });
  });

  it('handing a slot between the accounts of one phone before it lapses (the holder moves away) does not restart its time', async () => {
    const { db } = database();
    const [a, b] = await accountsOnPhone(db, 2);
    const start = slot('11:00', '2026-12-14');
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start }, now: NOW });
    // a moves to another slot at minute 9: the first slot's hold ended then.
    await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start: slot('11:15', '2026-12-14') }, now: at(9) });
    expect((await refusal(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start }, now: at(9) }))).retryAfter).toBe(10 * 60);
    await expect(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start }, now: at(19) })).resolves.toMatchObject({ status: 'held' });
  });

  it("a patient's cancel of a held slot starts the cooldown; renaming the patient of one's own hold is allowed and keeps its time", async () => {
    const { db } = database();
    const [a, b] = await accountsOnPhone(db, 2);
    const start = slot('11:30', '2026-12-15');
    const held = await holdSlot(db, { ctx, booker: booker(a!), body: { doctor_id: 'dr-a', start }, now: NOW });
    const renamed = await holdSlot(db, {
      ctx,
      booker: booker(a!),
      body: { doctor_id: 'dr-a', start, for: { first_name: 'علی', last_name: 'کریمی', international_code: nationalCode(4242) } },
      now: at(5),
    });
    expect(renamed.key).not.toBe(held.key);
    expect(renamed.expires_at).toBe(held.expires_at);
    await cancelAppointment(db, { ctx, accountId: a!.id, key: renamed.key, now: at(6) });
    expect((await refusal(holdSlot(db, { ctx, booker: booker(b!), body: { doctor_id: 'dr-a', start }, now: at(7) }))).retryAfter).toBe(9 * 60);
  });
});
