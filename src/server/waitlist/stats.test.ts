import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { daysAfter, joinLine, offerSlot } from '../../../tests/support/waitlist-rows.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Db } from '../db/client.ts';
import { waitlistStats } from './stats.ts';

const DOCTOR = 'dr-a';
/** When everyone joined. */
const JOINED = new Date('2026-11-01T06:00:00Z');

async function entry(db: Db, status: Parameters<typeof joinLine>[2]['status'], firstFreeAt: Date | null = null) {
  return joinLine(db, await newPatient(db), { doctorId: DOCTOR, from: '2026-11-02', to: '2026-12-20', joinedAt: JOINED, firstFreeAt, status });
}

describeEachDatabase('waitlist stats', (database) => {
  it('counts nothing, and has no days, before anyone joins', async () => {
    expect(await waitlistStats(database().db)).toEqual({
      entries: { total: 0, waiting: 0, offered: 0, booked: 0, expired: 0, left: 0 },
      offers: { made: 0, open: 0, accepted: 0, declined: 0, lapsed: 0, withdrawn: 0, booked: 0 },
      days: { booked: 0, to_visit_median: null, gained_median: null, gained_mean: null },
    });
  });

  it('counts entries and offers by outcome, and measures the booked ones against the first free slot when joining', async () => {
    const { db } = database();
    const offered = (days: number) => ({ start: daysAfter(JOINED, days), offeredAt: daysAfter(JOINED, days - 1) });

    // Two offers that came to nothing; still waiting.
    const waiting = await entry(db, 'waiting');
    await offerSlot(db, waiting, { ...offered(3), status: 'lapsed' });
    await offerSlot(db, waiting, { ...offered(4), status: 'withdrawn' });
    // Offered now: one live, one accepted and not yet paid.
    await offerSlot(db, await entry(db, 'offered'), { ...offered(7), status: 'live' });
    await offerSlot(db, await entry(db, 'offered'), { ...offered(8), status: 'accepted' });
    // Booked: 5 days after joining when the first free slot was 20 days out (15 gained); 6 days
    // when it was 8 (2 gained); 10 days when the window had nothing free (counted to its end, 31: 21 gained).
    await offerSlot(db, await entry(db, 'booked', daysAfter(JOINED, 20)), { ...offered(5), status: 'booked' });
    await offerSlot(db, await entry(db, 'booked', daysAfter(JOINED, 8)), { ...offered(6), status: 'booked' });
    await offerSlot(db, await entry(db, 'booked', null), { ...offered(10), status: 'booked' });
    // Declined and left; and one whose range ran out with no offer.
    await offerSlot(db, await entry(db, 'left'), { ...offered(9), status: 'declined' });
    await entry(db, 'expired');

    expect(await waitlistStats(db)).toEqual({
      entries: { total: 8, waiting: 1, offered: 2, booked: 3, expired: 1, left: 1 },
      // Accepted: the three booked and the one accepted now.
      offers: { made: 8, open: 2, accepted: 4, declined: 1, lapsed: 1, withdrawn: 1, booked: 3 },
      // Gained 15, 2, 21: median 15, mean 12.666… to one decimal.
      days: { booked: 3, to_visit_median: 6, gained_median: 15, gained_mean: 12.7 },
    });
  });

  it('gives a half-day median for an even number of bookings', async () => {
    const { db } = database();
    // A fourth booking: 9 days after joining, the first free slot 12 days out (3 gained).
    await offerSlot(db, await entry(db, 'booked', daysAfter(JOINED, 12)), { start: daysAfter(JOINED, 9), offeredAt: daysAfter(JOINED, 8), status: 'booked' });
    const { days } = await waitlistStats(db);
    // To the visit: 5, 6, 9, 10 → 7.5; gained: 2, 3, 15, 21 → 9, mean 41 / 4 = 10.25 → 10.3.
    expect(days).toEqual({ booked: 4, to_visit_median: 7.5, gained_median: 9, gained_mean: 10.3 });
  });
});
