import type { Db } from '../db/client.ts';
import { type ReleaseSweep, registerReleaseSweep, sweepReleases } from '../payments/payable.ts';
import { afterSlotFreed } from '../waitlist/offers.ts';
import type { BookingContext } from './context.ts';
import { refundEscrow, releaseUnconfirmed } from './release.ts';
import { registerReminderJob } from './reminders.ts';
import { type AppointmentRow, lockAppointment, rowsToRelease, updateAppointment } from './repository.ts';

export const RELEASE_JOB = 'appointments.release';

/**
 * Ends a lapsed hold and returns its wallet money, or returns the money of one that ended without
 * it. A slot is free for the next patient without this (the next hold of it releases the lapsed
 * one); this gives the money back to patients who walked away.
 */
async function releaseLapsedHold(tx: Db, ctx: BookingContext, row: AppointmentRow, now: Date): Promise<boolean> {
  if ((row.status === 'held' || row.status === 'awaiting_payment') && row.expiresAt && row.expiresAt <= now) {
    const released = await releaseUnconfirmed(tx, { row, now, ending: { status: 'expired' }, refundNow: true });
    // The slot goes to the next patient on the waitlist before anyone else sees it free.
    await afterSlotFreed(tx, ctx, released, now);
    return true;
  }
  if (row.status === 'expired' && row.refunded === null && row.paidFromWallet > 0) {
    await refundEscrow(tx, row, now);
    await updateAppointment(tx, row.id, { refunded: row.paidFromWallet });
    return true;
  }
  return false;
}

const appointmentReleases = (context: () => BookingContext): ReleaseSweep<AppointmentRow> => ({
  job: RELEASE_JOB,
  noun: 'appointment',
  candidates: rowsToRelease,
  lock: lockAppointment,
  release: (tx, row, now) => releaseLapsedHold(tx, context(), row, now),
});

/** Releases lapsed holds (their slots offered to the waitlist) and returns their wallet money. Returns how many rows it settled. */
export async function releaseLapsed(db: Db, ctx: BookingContext, now: Date, limit = 50): Promise<number> {
  return sweepReleases(db, { sweep: appointmentReleases(() => ctx), now, limit });
}

export interface BookingJobsSetUp {
  context: () => BookingContext;
  now: Date;
  /** Sends a reminder SMS; the configured provider when absent. */
  sendReminder?: (to: string, text: string) => Promise<void>;
}

/** The booking's jobs: reminders, and the release chore every minute (its row is created once). */
export async function setUpBookingJobs(db: Db, setUp: BookingJobsSetUp): Promise<void> {
  registerReminderJob(setUp.context, setUp.sendReminder);
  await registerReleaseSweep(db, { sweep: appointmentReleases(setUp.context), now: setUp.now });
}
