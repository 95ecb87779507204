/**
 * The waitlist (spec/api.md «Waitlist»): a patient waits for a full doctor's freed slot, which is
 * then kept for them for WAITLIST_OFFER_MINUTES. Written once for the endpoints, the islands, the
 * hospital API's OpenAPI document and `npm run hospital`.
 */
import * as v from 'valibot';
import { dateTimeMessages, isIsoDate } from '../../validation/datetime.ts';
import { PARTS_OF_DAY, type PartOfDay, WAITLIST_KEY_PATTERN, WAITLIST_WINDOW_DAYS } from '../../waitlist/terms.ts';
import { DoctorIdSchema, OtherPatientSchema } from './appointments.ts';

export { PARTS_OF_DAY, type PartOfDay, WAITLIST_KEY_PATTERN, WAITLIST_WINDOW_DAYS };

/** Afternoon begins at this Tehran hour: a slot starting earlier is a morning one. */
export const AFTERNOON_FROM_HOUR = 12;

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Defaults of the waitlist settings (env WAITLIST_OFFER_MINUTES, WAITLIST_LIMIT_PER_ACCOUNT, WAITLIST_LIMIT_PER_PHONE, WAITLIST_LIMIT_PER_ADDRESS). */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 30;
export const DEFAULT_WAITLIST_LIMIT_PER_ACCOUNT = 3;
export const DEFAULT_WAITLIST_LIMIT_PER_PHONE = 5;
export const DEFAULT_WAITLIST_LIMIT_PER_ADDRESS = 30;

const WaitDaySchema = v.pipe(v.string('تاریخ لازم است'), v.isoDate('تاریخ باید به شکل YYYY-MM-DD باشد'), v.check(isIsoDate, dateTimeMessages.noSuchDay));

/** `POST /waitlist` `{doctor_id, from, to, part_of_day?, for?}`: the days are checked against today on the server. */
export const JoinWaitlistSchema = v.pipe(
  v.object({
    doctor_id: DoctorIdSchema,
    from: WaitDaySchema,
    to: WaitDaySchema,
    part_of_day: v.optional(v.picklist(PARTS_OF_DAY, 'بخش روز باید morning، afternoon یا any باشد'), 'any'),
    for: v.optional(OtherPatientSchema),
  }),
  v.forward(
    v.check((body) => body.to >= body.from, 'پایان بازه نباید پیش از آغاز آن باشد'),
    ['to'],
  ),
);
export type JoinWaitlistBody = v.InferOutput<typeof JoinWaitlistSchema>;

/** `POST /waitlist/{key}/decline` `{leave?}`: with `leave: true` the entry ends too. */
export const DeclineOfferSchema = v.object({ leave: v.optional(v.boolean('leave باید true یا false باشد'), false) });
export type DeclineOfferBody = v.InferOutput<typeof DeclineOfferSchema>;

/** `GET /api/hospital/v1/waitlist?doctor_id=` */
export const DeskWaitlistQuerySchema = v.object({ doctor_id: DoctorIdSchema });

/** The slot an entry is offered: kept for the patient until `expires_at`. */
export interface WaitlistOffer {
  start: string;
  end: string;
  /** Until then the slot is kept: the offer's time, or once accepted the hold's. */
  expires_at: string;
  /** The appointment the offer becomes: after accepting, `POST /appointments/{key}/pay`. */
  appointment_key: string;
  /** `live`: waiting for an answer; `accepted`: now the patient's hold, to pay. */
  status: 'live' | 'accepted';
  turn: number;
  clinic_id: string;
  /** The clinic's name as the catalogue gives it. */
  clinic_name: string;
  fee: number;
}

/** One of the caller's entries (`GET /waitlist`). */
export interface WaitlistEntry {
  key: string;
  doctor_id: string;
  doctor_name: string;
  /** Tehran days, `YYYY-MM-DD`. */
  from: string;
  to: string;
  part_of_day: PartOfDay;
  status: WaitlistStatus;
  /** While in line: 1 for the first of the doctor's waiting patients. */
  position?: number;
  offer?: WaitlistOffer;
  patient: { first_name: string; last_name: string; self: boolean };
  joined_at: string;
  ended_at?: string;
}

/** `POST /waitlist`: 201 */
export interface JoinedWaitlist extends WaitlistEntry {
  status: 'waiting';
  position: number;
}

/** `POST /waitlist/{key}/accept` */
export interface AcceptedOffer {
  appointment_key: string;
  status: 'held';
  expires_at: string;
  start: string;
  fee: number;
}

/** One entry as the desk sees it. */
export interface DeskWaitlistEntry {
  key: string;
  position: number;
  status: 'waiting' | 'offered';
  from: string;
  to: string;
  part_of_day: PartOfDay;
  joined_at: string;
  patient: { first_name: string; last_name: string; international_code: string; phone_number: string; self: boolean };
  offer?: WaitlistOffer;
}

/** `GET /api/hospital/v1/waitlist?doctor_id=`: the line in order, and the offers now open. */
export interface DeskWaitlist {
  doctor_id: string;
  entries: DeskWaitlistEntry[];
  offers: Array<WaitlistOffer & { entry_key: string }>;
}

/** `npm run hospital -- waitlist-stats`: what the waitlist did. */
export interface WaitlistStats {
  entries: { total: number; waiting: number; offered: number; booked: number; expired: number; left: number };
  offers: { made: number; open: number; accepted: number; declined: number; lapsed: number; withdrawn: number; booked: number };
  /** Of booked offers: days from joining to the visit, and days sooner than the first free slot when the patient joined. */
  days: { booked: number; to_visit_median: number | null; gained_median: number | null; gained_mean: number | null };
}
