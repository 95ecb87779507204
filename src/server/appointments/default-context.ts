import { officialHoliday } from '#lib/appointments/holidays/index.ts';
import { getCatalogue } from '../catalogue/index.ts';
import { env } from '../env.ts';
import type { BookingContext, BookingSettings } from './context.ts';

export function bookingSettings(): BookingSettings {
  const config = env();
  return {
    holdMinutes: config.HOLD_MINUTES,
    cancelFreeHours: config.CANCEL_FREE_HOURS,
    reminderHours: config.REMINDER_HOURS,
    paymentTimeoutMinutes: config.PAYMENT_TIMEOUT_MINUTES,
    paymentOpenLimit: config.PAYMENT_OPEN_LIMIT,
    holdLimitPerPhone: config.HOLD_LIMIT_PER_PHONE,
    holdLimitPerAddress: config.HOLD_LIMIT_PER_ADDRESS,
    minLeadMinutes: config.BOOKING_MIN_LEAD_MINUTES,
  };
}

/** The official holiday's name for a Tehran day, or undefined (also outside the years the data covers). */
export function holidayName(day: string): string | undefined {
  return officialHoliday(day)?.title;
}

/** The process's booking context: its catalogue, its settings, the shipped holiday calendar. */
export function bookingContext(): BookingContext {
  const config = env();
  const waitlist = {
    offerMinutes: config.WAITLIST_OFFER_MINUTES,
    limitPerAccount: config.WAITLIST_LIMIT_PER_ACCOUNT,
    limitPerPhone: config.WAITLIST_LIMIT_PER_PHONE,
    limitPerAddress: config.WAITLIST_LIMIT_PER_ADDRESS,
  };
  return { catalogue: getCatalogue(), settings: bookingSettings(), holiday: holidayName, waitlist };
}
