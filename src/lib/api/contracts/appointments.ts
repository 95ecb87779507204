/**
 * The appointment calls (spec/api.md "Appointments"): each request's valibot schema and each
 * answer's shape, written once and used by the booking islands (client/api/appointments.ts), the
 * endpoints (pages/api/appointments/*) and the hospital side.
 */
import * as v from 'valibot';
import { BOOKING_WINDOW_DAYS } from '../../appointments/booking-window.ts';
import { APPOINTMENT_SCOPES, type AppointmentScope } from '../../appointments/scopes.ts';
import { required } from '../../validation/base.ts';
import { dateTimeMessages, existsInCalendar, isIsoDate } from '../../validation/datetime.ts';
import { validationMessages as M } from '../../validation/messages.ts';
import { NationalCodeSchema } from '../../validation/national-code.ts';
import { PersonNameSchema } from '../../validation/person.ts';
import { type ListMeta, PageQuerySchema } from './list.ts';

export { APPOINTMENT_SCOPES, type AppointmentScope };

export const APPOINTMENT_STATUSES = ['held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired', 'completed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Defaults of the booking settings (env: HOLD_MINUTES, CANCEL_FREE_HOURS, REMINDER_HOURS). */
export const DEFAULT_HOLD_MINUTES = 10;
export const DEFAULT_CANCEL_FREE_HOURS = 24;
export const DEFAULT_REMINDER_HOURS = 24;
export { BOOKING_WINDOW_DAYS } from '../../appointments/booking-window.ts';

/** AP-XXXXXX: what the patient and the desk see. */
export const APPOINTMENT_KEY_PATTERN = /^AP-[0-9A-Z]{6}$/;

/** A doctor's slug as the catalogue names it. */
export const DoctorIdSchema = v.pipe(v.string(M.required), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'پزشک معتبر نیست'), v.maxLength(80, 'پزشک معتبر نیست'));
/** An instant in UTC with `Z`, as the slots answer gives it (seconds and milliseconds optional). */
const InstantSchema = v.pipe(
  v.string(M.required),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?Z$/, 'زمان نوبت معتبر نیست'),
  v.check((s) => !Number.isNaN(Date.parse(s)) && existsInCalendar(s), 'زمان نوبت معتبر نیست'),
);
/** A Tehran calendar day, Gregorian `YYYY-MM-DD`, inside years PostgreSQL and Intl agree on. */
export const BookingDaySchema = v.pipe(
  v.string(),
  v.isoDate('تاریخ باید به شکل YYYY-MM-DD باشد'),
  // isoDate checks the shape only: 2026-02-30 passes it.
  v.check(isIsoDate, dateTimeMessages.noSuchDay),
  v.check((day) => day >= '1900-01-01' && day <= '2999-12-31', 'تاریخ خارج از بازهٔ مجاز است'),
);

/** `GET /appointments/slots?doctor_id=&from=&days=` */
export const SlotsQuerySchema = v.object({
  doctor_id: DoctorIdSchema,
  from: v.optional(BookingDaySchema),
  days: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, M.integer), v.toNumber(), v.minValue(1, 'حداقل ۱ روز'), v.maxValue(BOOKING_WINDOW_DAYS, 'حداکثر ۳۱ روز')), '14'),
});
export type SlotsQuery = v.InferOutput<typeof SlotsQuerySchema>;

export interface Slot {
  /** ISO instant (UTC, `Z`). */
  start: string;
  end: string;
  available: boolean;
  /** The slot's number within its session (نوبت چندم). */
  turn: number;
  clinic_id: string;
}
export interface SlotDay {
  /** Tehran calendar day, Gregorian `YYYY-MM-DD`. */
  date: string;
  slots: Slot[];
  /** The day is an official holiday (its Persian name); it has no slots. */
  holiday?: string;
  /** The doctor is on leave that day (some or all sessions); no slots during the leave. */
  on_leave?: boolean;
}
export interface SlotsAnswer {
  success: true;
  data: SlotDay[];
  meta: {
    doctor_id: string;
    from: string;
    days: number;
    fee: number;
    visit_minutes: number;
    /** A booking may be cancelled or moved free of charge up to this many hours before it (CANCEL_FREE_HOURS). */
    cancel_free_hours: number;
    /** A slot taken with «رزرو» is kept this many minutes for the payment (HOLD_MINUTES). */
    hold_minutes: number;
    /** Slots starting sooner than this many minutes from now are left out (BOOKING_MIN_LEAD_MINUTES). */
    min_lead_minutes: number;
    next_free?: string;
  };
}

/** The patient a booking is for, when not the caller: name and national code (spec §5 rules). */
export const OtherPatientSchema = v.object({
  first_name: required(PersonNameSchema),
  last_name: required(PersonNameSchema),
  international_code: NationalCodeSchema,
});
export type OtherPatient = v.InferOutput<typeof OtherPatientSchema>;

/** `POST /appointments/hold` `{doctor_id, start, for?}` */
export const HoldSchema = v.object({
  doctor_id: DoctorIdSchema,
  start: InstantSchema,
  for: v.optional(OtherPatientSchema),
});
export type HoldBody = v.InferOutput<typeof HoldSchema>;

/** `POST /appointments/{key}/pay` `{use_wallet}` */
export const PaySchema = v.object({ use_wallet: v.boolean('باید مشخص شود که از کیف پول پرداخت شود یا نه') });
export type PayBody = v.InferOutput<typeof PaySchema>;

/** `POST /appointments/{key}/reschedule` `{start}` */
export const RescheduleSchema = v.object({ start: InstantSchema });
export type RescheduleBody = v.InferOutput<typeof RescheduleSchema>;

/** `GET /appointments?scope=&page=&per_page=` */
export const AppointmentsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  scope: v.optional(v.picklist(APPOINTMENT_SCOPES, 'دسته باید upcoming، past یا cancelled باشد'), 'upcoming'),
});
export type AppointmentsQuery = v.InferOutput<typeof AppointmentsQuerySchema>;

export interface AppointmentPatient {
  first_name: string;
  last_name: string;
  /** True when booked for the caller themself. */
  self: boolean;
  /** Masked (e.g. ******1234) when booked for someone else. */
  international_code_masked?: string;
}

/** The payment of a confirmed appointment: from the wallet and/or the bank, with the bank's reference. */
export interface AppointmentReceipt {
  /** When the payment completed and the booking was confirmed. */
  paid_at: string;
  /** Rials from the wallet (its statement line carries the appointment's key). */
  from_wallet: number;
  /** Rials through the bank gateway. */
  by_bank: number;
  /** The bank payment, when part was paid there: its id (the receipt at /return-bank?payment=) and the bank's reference. */
  bank?: { payment_id: string; ref_id?: string; card_pan?: string };
}

/** One appointment as the patient sees it (`GET /appointments/{key}`; the list gives the same). */
export interface Appointment {
  key: string;
  status: AppointmentStatus;
  doctor_id: string;
  clinic_id: string;
  start: string;
  end: string;
  turn: number;
  /** Rials. */
  fee: number;
  paid_from_wallet: number;
  paid_by_bank: number;
  patient: AppointmentPatient;
  can_cancel: boolean;
  /** What a cancellation now would return to the wallet (0 when it cannot be cancelled). */
  refund_if_cancelled: number;
  can_reschedule: boolean;
  /**
   * The last moment a free cancel or move is possible (start minus CANCEL_FREE_HOURS); the refund
   * goes to the wallet. Already past for a visit booked closer to its start than that.
   */
  cancel_until: string;
  /**
   * The revision of this visit for calendars (iCalendar SEQUENCE, RFC 5545 §3.8.7.4): 0 as booked,
   * one more for each move and for the cancellation, so a calendar app replaces its older entry.
   */
  calendar_sequence: number;
  /** What was paid and how, once confirmed (also when completed or cancelled later). */
  receipt?: AppointmentReceipt;
  /** While held or awaiting payment: when the slot is released. */
  expires_at?: string;
  /** While awaiting payment: the open bank payment. */
  payment_id?: string;
  cancelled_at?: string;
  /** Rials returned to the wallet on cancellation. */
  refunded?: number;
  cancel_reason?: string;
  created_at: string;
  /** For display without the catalogue. */
  doctor: { id: string; name: string; title: string };
  clinic: { id: string; name: string; address: string; phone?: string };
}
export interface AppointmentAnswer {
  success: true;
  data: Appointment;
}
export interface AppointmentsAnswer {
  success: true;
  data: Appointment[];
  meta: ListMeta;
}

/** 201 of a hold. */
export interface HoldAnswer {
  success: true;
  data: Appointment & { status: 'held'; expires_at: string };
}
/** A 409 of a hold or reschedule: the slot is taken; the next free starts of that doctor. */
export interface SlotTakenAnswer {
  success: false;
  message: string;
  data: { alternatives: string[] };
}

export type PayAnswer =
  | { success: true; data: { status: 'confirmed'; key: string; appointment: Appointment } }
  | { success: true; data: { status: 'awaiting_payment'; key: string; payment_id: string; redirect_url: string; amount: number } };

export interface CancelAnswer {
  success: true;
  data: { status: 'cancelled'; key: string; refunded: number };
}
