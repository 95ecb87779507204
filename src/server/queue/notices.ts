import { DELAY_SMS_MINUTES, type QueueEventInput } from '#lib/api/contracts/queue.ts';
import { findAccount } from '../accounts/repository.ts';
import { doctorName } from '../appointments/context.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import type { QueueContext } from './context.ts';
import { queueSms } from './messages.ts';
import { claimNotice } from './repository.ts';
import { aheadOf, type DayQueue, isWaiting } from './state.ts';

async function text(db: Db, accountId: number, message: string, now: Date): Promise<void> {
  const account = await findAccount(db, accountId);
  if (account) await notify(db, { to: account.phoneNumber, text: message, now });
}

/**
 * The visit-day SMS a desk event calls for, after it committed (within each phone's notification
 * budget; never throws):
 * - once per appointment, when QUEUE_NOTIFY_AHEAD or fewer patients are left ahead of it in a
 *   running session (the notice row makes it once across processes and repeated events);
 * - to every patient still waiting, when the desk announces a delay of DELAY_SMS_MINUTES or more
 *   that differs from the one announced before (once per change, not per event), and never twice
 *   the same minutes to one appointment.
 */
export async function tellQueue(
  db: Db,
  ctx: QueueContext,
  { doctorId, before, after, event, now }: { doctorId: string; before: DayQueue; after: DayQueue; event: QueueEventInput; now: Date },
): Promise<void> {
  const doctor = doctorName(ctx.booking.catalogue.doctors.get(doctorId));
  try {
    const waiting = after.entries.filter((entry) => isWaiting(entry.status));
    if (event.type === 'delay' && after.delayMinutes >= DELAY_SMS_MINUTES && after.delayMinutes !== before.delayMinutes) {
      for (const entry of waiting) {
        // Once per appointment and number of minutes: a desk going back and forth between two
        // figures would otherwise spend the patient's notification budget on the same news.
        if (await claimNotice(db, entry.key, `delay:${after.delayMinutes}`, now)) await text(db, entry.accountId, queueSms.delay(entry.key, doctor, after.delayMinutes), now);
      }
    }
    if (after.session !== 'running') return;
    const rooms =
      ctx.booking.catalogue.doctors
        .get(doctorId)
        ?.schedule.map((session) => session.room)
        .filter(Boolean) ?? [];
    const room = new Set(rooms).size === 1 ? (rooms[0] ?? '') : '';
    for (const entry of waiting) {
      const ahead = aheadOf(after, entry);
      if (ahead > ctx.settings.notifyAhead) continue;
      if (await claimNotice(db, entry.key, 'ahead', now)) await text(db, entry.accountId, queueSms.ahead(entry.key, doctor, ahead, room), now);
    }
  } catch (error) {
    logError('Telling the queue by SMS failed', error);
  }
}
