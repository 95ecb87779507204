import { DEFAULT_WAITLIST_LIMIT_PER_ACCOUNT, DEFAULT_WAITLIST_LIMIT_PER_ADDRESS, DEFAULT_WAITLIST_LIMIT_PER_PHONE, DEFAULT_WAITLIST_OFFER_MINUTES } from '#lib/api/contracts/waitlist.ts';
import type { BookingContext } from '../appointments/context.ts';

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
 * An entry whose offers lapse unanswered this many times in a row leaves the line: each lapse kept
 * a freed slot from the next patient for WAITLIST_OFFER_MINUTES.
 */
export const LAPSES_TO_END = 2;

export const DEFAULT_WAITLIST_SETTINGS: WaitlistSettings = {
  offerMinutes: DEFAULT_WAITLIST_OFFER_MINUTES,
  limitPerAccount: DEFAULT_WAITLIST_LIMIT_PER_ACCOUNT,
  limitPerPhone: DEFAULT_WAITLIST_LIMIT_PER_PHONE,
  limitPerAddress: DEFAULT_WAITLIST_LIMIT_PER_ADDRESS,
};

/** The booking context's waitlist settings (the defaults when a context names none, as tests' do). */
export function waitlistSettings(ctx: BookingContext): WaitlistSettings {
  return ctx.waitlist ?? DEFAULT_WAITLIST_SETTINGS;
}
