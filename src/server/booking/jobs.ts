import type { Db } from '../db/client.ts';
import { registerReleaseSweep, sweepReleases, type ReleaseSweep } from '../payments/payable.ts';
import type { BookingContext } from './context.ts';
import { refundEscrow, releaseUnconfirmed } from './release.ts';
import { registerReminderJob } from './reminders.ts';
import { lockAppointment, rowsToRelease, updateAppointment, type AppointmentRow } from './repository.ts';

export const RELEASE_JOB = 'appointments.release';

/**
 * Lapsed holds end and their wallet money goes back. A slot is free for the next patient without
 * this (the next hold of it releases the lapsed one); this job gives the money back to patients
 * who walked away.
 */
const appointmentReleases: ReleaseSweep<AppointmentRow> = {
  job: RELEASE_JOB,
  noun: 'appointment',
  candidates: rowsToRelease,
  lock: lockAppointment,
  release: async (tx, row, now) => {
    if ((row.status === 'held' || row.status === 'awaiting_payment') && row.expiresAt && row.expiresAt <= now) {
      await releaseUnconfirmed(tx, row, now, { status: 'expired' }, true);
      return true;
    }
    if (row.status === 'expired' && row.refunded === null && row.paidFromWallet > 0) {
      await refundEscrow(tx, row, now);
      await updateAppointment(tx, row.id, { refunded: row.paidFromWallet });
      return true;
    }
    return false;
  },
};

/** Releases lapsed holds and returns their wallet money. Returns how many rows it settled. */
export async function releaseLapsed(db: Db, now: Date, limit = 50): Promise<number> {
  return sweepReleases(db, { sweep: appointmentReleases, now, limit });
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
  await registerReleaseSweep(db, { sweep: appointmentReleases, now: setUp.now });
}
