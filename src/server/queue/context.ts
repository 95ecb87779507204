import type { BookingContext } from '../appointments/context.ts';
import { bookingContext } from '../appointments/default-context.ts';
import { env } from '../env.ts';

/** The visit-day numbers (env CHECKIN_OPEN_MINUTES, QUEUE_NOTIFY_AHEAD). */
export interface QueueSettings {
  checkInOpenMinutes: number;
  notifyAhead: number;
}

export function queueSettings(): QueueSettings {
  const config = env();
  return { checkInOpenMinutes: config.CHECKIN_OPEN_MINUTES, notifyAhead: config.QUEUE_NOTIFY_AHEAD };
}

/** What the visit-day services read besides the database. */
export interface QueueContext {
  booking: BookingContext;
  settings: QueueSettings;
}

/** The process's visit-day context. */
export function queueContext(): QueueContext {
  return { booking: bookingContext(), settings: queueSettings() };
}
