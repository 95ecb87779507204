/**
 * How far ahead slots are offered (the next 31 days). Apart from the contract (valibot schemas), so
 * the booking page's first step, which only reads it, does not load the rules.
 */
export const BOOKING_WINDOW_DAYS = 31;
