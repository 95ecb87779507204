import { DEFAULT_WAITLIST_LIMIT_PER_ACCOUNT, DEFAULT_WAITLIST_LIMIT_PER_ADDRESS, DEFAULT_WAITLIST_LIMIT_PER_PHONE, DEFAULT_WAITLIST_OFFER_MINUTES } from '#lib/api/contracts/waitlist.ts';
import type { BookingContext, WaitlistSettings } from '../appointments/context.ts';

export type { WaitlistSettings };

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
