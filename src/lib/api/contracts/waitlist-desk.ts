/**
 * The hospital side of the waitlist as valibot schemas, for the OpenAPI document: the shapes are
 * the interfaces of `waitlist.ts`, and the checks at the bottom keep the two the same.
 */
import * as v from 'valibot';
import type { DeskWaitlist, WaitlistStats } from './waitlist.ts';
import { PARTS_OF_DAY } from './waitlist.ts';

const Instant = v.pipe(v.string(), v.isoTimestamp());
/** A Tehran calendar day, `YYYY-MM-DD`. */
const Day = v.pipe(v.string(), v.isoDate());
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Days to one decimal; null when nothing was booked from the line. */
const Days = v.nullable(v.number());

const WaitlistOfferSchema = v.object({
  start: Instant,
  end: Instant,
  expires_at: v.pipe(Instant, v.description('Until then the slot is kept for the patient: the offer’s time, or once accepted the hold’s.')),
  appointment_key: v.string(),
  status: v.pipe(v.picklist(['live', 'accepted']), v.description('`live`: waiting for the patient’s answer; `accepted`: now the patient’s hold, to pay.')),
  turn: v.pipe(v.number(), v.integer(), v.minValue(1)),
  clinic_id: v.string(),
  clinic_name: v.string(),
  fee: Count,
});

export const DeskWaitlistEntrySchema = v.object({
  key: v.string(),
  position: v.pipe(v.number(), v.integer(), v.minValue(1)),
  status: v.picklist(['waiting', 'offered']),
  from: Day,
  to: Day,
  part_of_day: v.picklist(PARTS_OF_DAY),
  joined_at: Instant,
  patient: v.object({
    first_name: v.string(),
    last_name: v.string(),
    /** Whom the visit is for: the account's own code or the relative's. */
    international_code: v.string(),
    /** The phone of the account that joined. */
    phone_number: v.string(),
    self: v.boolean(),
  }),
  offer: v.exactOptional(WaitlistOfferSchema),
});

export const DeskWaitlistSchema = v.object({
  doctor_id: v.string(),
  entries: v.array(DeskWaitlistEntrySchema),
  offers: v.array(v.object({ ...WaitlistOfferSchema.entries, entry_key: v.string() })),
});

export const WaitlistStatsSchema = v.object({
  entries: v.object({ total: Count, waiting: Count, offered: Count, booked: Count, expired: Count, left: Count }),
  offers: v.object({ made: Count, open: Count, accepted: Count, declined: Count, lapsed: Count, withdrawn: Count, booked: Count }),
  days: v.object({ booked: Count, to_visit_median: Days, gained_median: Days, gained_mean: Days }),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A field added to an interface of waitlist.ts and not here (or the other way round) fails the type check.
const deskSame: Same<v.InferOutput<typeof DeskWaitlistSchema>, DeskWaitlist> = true;
const statsSame: Same<v.InferOutput<typeof WaitlistStatsSchema>, WaitlistStats> = true;
void deskSame;
void statsSame;
