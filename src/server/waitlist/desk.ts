/** The waitlist as the clinic desk sees it (spec/api.md «Hospital side», `GET /waitlist?doctor_id=`). */
import type { DeskWaitlist, DeskWaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { type BookingContext, doctorOf } from '../appointments/context.ts';
import type { Db } from '../db/client.ts';
import { openOffersOfDoctor, phonesOf } from './desk-repository.ts';
import { toOffer } from './present.ts';
import { lineOf } from './repository.ts';

/**
 * A doctor's line at `now`: the entries still in line whose range is not over, in order of joining
 * (position 1 is served first), each with whom it is for, the account's phone and its open offer;
 * and the doctor's open offers. 404 for a doctor the catalogue does not know.
 */
export async function deskWaitlist(db: Db, ctx: BookingContext, doctorId: string, now: Date): Promise<DeskWaitlist> {
  doctorOf(ctx, doctorId);
  const line = await lineOf(db, doctorId, toTehranIsoDate(now));
  const [offers, phones] = await Promise.all([
    openOffersOfDoctor(db, doctorId),
    phonesOf(
      db,
      line.map((entry) => entry.accountId),
    ),
  ]);
  const offerOfEntry = new Map(offers.map((open) => [open.offer.entryId, open]));
  const entries = line.map((entry, index): DeskWaitlistEntry => {
    const open = offerOfEntry.get(entry.id);
    return {
      key: entry.key,
      position: index + 1,
      status: entry.status === 'offered' ? 'offered' : 'waiting',
      from: entry.fromDay,
      to: entry.toDay,
      part_of_day: entry.partOfDay,
      joined_at: entry.createdAt.toISOString(),
      patient: {
        first_name: entry.patientFirstName,
        last_name: entry.patientLastName,
        international_code: entry.personCode,
        phone_number: phones.get(entry.accountId) ?? '',
        self: entry.forSelf,
      },
      ...(open ? { offer: toOffer(ctx, open.offer, open.appointment) } : {}),
    };
  });
  return { doctor_id: doctorId, entries, offers: offers.map((open) => ({ ...toOffer(ctx, open.offer, open.appointment), entry_key: open.entryKey })) };
}
