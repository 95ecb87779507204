import type { Db } from '../db/client.ts';
import { ensureJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { logError } from '../log.ts';
import type { BookingContext } from './context.ts';
import { refundEscrow, releaseUnconfirmed } from './release.ts';
import { registerReminderJob } from './reminders.ts';
import { lockAppointment, rowsToRelease, updateAppointment } from './repository.ts';

export const RELEASE_JOB = 'appointments.release';

/**
 * Releases lapsed holds and returns their wallet money. A slot is free for the next patient without
 * this (the next hold of it releases the lapsed one); this job gives the money back to patients
 * who walked away. Returns how many rows it settled.
 */
export async function releaseLapsed(db: Db, now: Date, limit = 50): Promise<number> {
  let settled = 0;
  for (const candidate of await rowsToRelease(db, now, limit)) {
    try {
      const done = await db.transaction(async (tx) => {
        await lockWallet(tx, candidate.accountId);
        const row = await lockAppointment(tx, candidate.key);
        if (!row) return false;
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
      });
      if (done) settled++;
    } catch (error) {
      logError(`Releasing appointment ${candidate.key} failed`, error);
    }
  }
  return settled;
}

/** The booking's jobs: reminders, and the release chore every minute (its row is created once). */
export async function setUpBookingJobs(db: Db, context: () => BookingContext, now: Date, sendReminder?: (to: string, text: string) => Promise<void>): Promise<void> {
  registerReminderJob(context, sendReminder);
  registerJobHandler(RELEASE_JOB, async (jobDb, _job, at) => {
    await releaseLapsed(jobDb, at);
  });
  await ensureJob(db, { key: RELEASE_JOB, kind: RELEASE_JOB, runAt: now, everySeconds: 60 }, now);
}
