/** What the waitlist did (`npm run hospital -- waitlist-stats`, `GET /api/hospital/v1/waitlist/stats`). */
import { BOOKING_WINDOW_DAYS } from '#lib/api/contracts/appointments.ts';
import { WAITLIST_STATUSES, type WaitlistStats } from '#lib/api/contracts/waitlist.ts';
import type { Db } from '../db/client.ts';
import { allOffers, entryStatusCounts } from './repository.ts';
import { daysBetween, median } from './rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * Entries by status; offers made, open, accepted (answered yes, whatever came after), declined,
 * lapsed, withdrawn and booked; and of the booked ones, the days from joining to the visit and the
 * days gained: how much sooner the visit is than the first slot the patient could have booked
 * when joining.
 */
export async function waitlistStats(db: Db): Promise<WaitlistStats> {
  const entries: WaitlistStats['entries'] = { total: 0, waiting: 0, offered: 0, booked: 0, expired: 0, left: 0 };
  for (const { status, n } of await entryStatusCounts(db)) {
    entries.total += n;
    if ((WAITLIST_STATUSES as readonly string[]).includes(status)) entries[status as keyof typeof entries] += n;
  }

  const offers: WaitlistStats['offers'] = { made: 0, open: 0, accepted: 0, declined: 0, lapsed: 0, withdrawn: 0, booked: 0 };
  const toVisit: number[] = [];
  const gained: number[] = [];
  for (const offer of await allOffers(db)) {
    offers.made += 1;
    if (offer.acceptedAt !== null) offers.accepted += 1;
    if (offer.status === 'live' || offer.status === 'accepted') offers.open += 1;
    else offers[offer.status] += 1;
    if (offer.status !== 'booked') continue;
    toVisit.push(daysBetween(offer.joinedAt, offer.startsAt));
    // No free slot in the booking window when the patient joined (first_free_at null): the soonest
    // they could have booked was past the window's end, so the gain is counted against that end.
    // An undercount, the real first slot being later still.
    const firstFree = offer.firstFreeAt ?? new Date(offer.joinedAt.getTime() + BOOKING_WINDOW_DAYS * DAY_MS);
    gained.push(daysBetween(offer.startsAt, firstFree));
  }
  const mean = gained.length === 0 ? null : gained.reduce((sum, days) => sum + days, 0) / gained.length;
  return {
    entries,
    offers,
    days: { booked: toVisit.length, to_visit_median: oneDecimal(median(toVisit)), gained_median: oneDecimal(median(gained)), gained_mean: oneDecimal(mean) },
  };
}
