import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { upsertJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import { smsProvider } from '../sms/index.ts';
import { sendNotification } from '../sms/notify.ts';
import type { BookingContext } from './context.ts';
import { noticeText } from './notices.ts';
import { reminderJobKey } from './release.ts';
import { type AppointmentRow, findAppointment } from './repository.ts';

export const REMINDER_JOB = 'appointment.reminder';

/**
 * Schedules (or moves) the reminder SMS `reminderHours` before the appointment, in the caller's
 * transaction. Too close to the start for a reminder, none is scheduled: the confirmation was just sent.
 */
export async function scheduleReminder(tx: Db, ctx: BookingContext, row: AppointmentRow, now: Date): Promise<void> {
  const runAt = new Date(row.startsAt.getTime() - ctx.settings.reminderHours * 60 * 60_000);
  if (runAt <= now) return;
  await upsertJob(tx, { key: reminderJobKey(row.key), kind: REMINDER_JOB, runAt, payload: { key: row.key, start: row.startsAt.toISOString() } }, now);
}

/**
 * Registers the reminder job's handler: sends only for an appointment still confirmed at that
 * time. A reminder is a notification: it takes from the phone's daily budget, and when that is
 * spent it is skipped (logged and counted) and the job is done; it is never retried for the budget.
 */
export function registerReminderJob(context: () => BookingContext, send: (to: string, text: string) => Promise<void> = (to, text) => smsProvider().sendText({ to, text })): void {
  registerJobHandler(REMINDER_JOB, async (db, job, now) => {
    const payload = job.payload as { key?: unknown; start?: unknown };
    if (typeof payload.key !== 'string') return;
    const row = await findAppointment(db, payload.key);
    if (row?.status !== 'confirmed' || row.startsAt.toISOString() !== payload.start || row.startsAt <= now) return;
    const account = await findAccount(db, row.accountId);
    // Not through notify(): a provider's failure fails the job (its unit given back), which then runs again later.
    if (account) await sendNotification(db, { to: account.phoneNumber, text: noticeText(context(), row, 'reminder', now), now, provider: { sendText: (sms) => send(sms.to, sms.text) } });
  });
}
