import type { Catalogue, Doctor } from '../catalogue/index.ts';
import { AppError } from '../errors.ts';
import { bookingMessages as M } from './messages.ts';

/** The booking rules' numbers (env HOLD_MINUTES, CANCEL_FREE_HOURS, REMINDER_HOURS, PAYMENT_TIMEOUT_MINUTES, HOLD_LIMIT_PER_PHONE, HOLD_LIMIT_PER_ADDRESS, BOOKING_MIN_LEAD_MINUTES). */
export interface BookingSettings {
  holdMinutes: number;
  cancelFreeHours: number;
  reminderHours: number;
  paymentTimeoutMinutes: number;
  /** Payments open at once per account (PAYMENT_OPEN_LIMIT). */
  paymentOpenLimit: number;
  /** Open holds of all the accounts of one phone together (HOLD_LIMIT_PER_PHONE). */
  holdLimitPerPhone: number;
  /** Open holds made from one address (HOLD_LIMIT_PER_ADDRESS). */
  holdLimitPerAddress: number;
  /** No slot starting sooner than this many minutes from now is offered, held or moved to (BOOKING_MIN_LEAD_MINUTES). */
  minLeadMinutes: number;
}

/** The waitlist's numbers (env WAITLIST_OFFER_MINUTES, WAITLIST_LIMIT_PER_ACCOUNT, WAITLIST_LIMIT_PER_PHONE, WAITLIST_LIMIT_PER_ADDRESS). */
export interface WaitlistSettings {
  /** A freed slot is kept for the patient it is offered to this long. */
  offerMinutes: number;
  /** Entries in line per account, per phone (all its accounts), per address. */
  limitPerAccount: number;
  limitPerPhone: number;
  limitPerAddress: number;
}

/**
 * What the booking services read besides the database, passed in as repositories take `db`: the
 * catalogue (schedules, fees), the settings and the official holidays. `bookingContext()` in
 * default-context.ts gives the process's own.
 */
export interface BookingContext {
  catalogue: Catalogue;
  settings: BookingSettings;
  /** The official holiday's Persian name, if the Tehran day `day` (YYYY-MM-DD) is one. */
  holiday: (day: string) => string | undefined;
  /** The waitlist's settings (its defaults when absent): freed slots go to waiting patients first. */
  waitlist?: WaitlistSettings;
}

export function doctorOf(ctx: BookingContext, doctorId: string): Doctor {
  const doctor = ctx.catalogue.doctors.get(doctorId);
  if (!doctor) throw new AppError('not_found', M.doctorNotFound);
  return doctor;
}

export function doctorName(doctor: Doctor | undefined): string {
  return doctor ? `دکتر ${doctor.name.first} ${doctor.name.last}` : 'پزشک';
}
