import { maskPhone } from '../auth/limits.ts';
import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { type LimitSubject, recordEvent, releaseAllowance, reserveAllowance } from '../limits/service.ts';
import { logError } from '../log.ts';
import { smsProvider } from './index.ts';
import type { SmsProvider } from './provider.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The notification SMS sent to a phone (subject: the canonical phone, so all its accounts share
 * one budget). Login codes are counted on their own rows (auth/), never here: a spent notification
 * budget cannot starve them, and they cannot use it up.
 */
export const NOTIFY_BUCKET = 'sms-notify';
/** Notifications not sent because the phone's budget was spent: what the operator looks at. */
export const NOTIFY_SKIPPED_BUCKET = 'sms-notify-skipped';

export const notifySubject = (phone: string): LimitSubject => ({ bucket: NOTIFY_BUCKET, subject: phone });
export const notifySkippedSubject = (phone: string): LimitSubject => ({ bucket: NOTIFY_SKIPPED_BUCKET, subject: phone });

/** A plain message (a receipt, a notice, a reminder) to one phone. */
export interface Notification {
  /** Canonical '09xxxxxxxxx'. */
  to: string;
  text: string;
  now: Date;
  /** Defaults to the process's provider. */
  provider?: Pick<SmsProvider, 'sendText'>;
  /** Defaults to SMS_NOTIFY_DAILY_LIMIT. */
  dailyLimit?: number;
}

/**
 * Sends `text` if the phone's notification budget (dailyLimit in any 24 hours) has room, else
 * skips it, logs it and records the skip. The unit is reserved before the provider is called, so
 * racing notifications never exceed the budget, and given back when the provider fails: only
 * messages the provider accepted count. Rejects with the provider's failure (after giving back).
 */
export async function sendNotification(db: Db, { to, text, now, provider, dailyLimit = env().SMS_NOTIFY_DAILY_LIMIT }: Notification): Promise<'sent' | 'skipped'> {
  const reservation = await reserveAllowance(db, notifySubject(to), [{ max: dailyLimit, ms: DAY }], now);
  if (!reservation.taken) {
    await recordEvent(db, notifySkippedSubject(to), now);
    console.warn(`SMS to ${maskPhone(to)} skipped: the phone's notification budget (${dailyLimit} in 24 hours) is spent`);
    return 'skipped';
  }
  try {
    await (provider ?? smsProvider()).sendText({ to, text });
  } catch (error) {
    await releaseAllowance(db, reservation.eventId).catch((released: unknown) => logError('Giving back an unsent SMS to the budget failed', released));
    throw error;
  }
  return 'sent';
}

/**
 * `sendNotification` that never fails: a provider's refusal, an outage or a spent budget is logged
 * and swallowed, because a message about an action (money above all) must not undo or fail it.
 * Call it after the action committed. Resolves once the attempt is over.
 */
export async function notify(db: Db, notification: Notification): Promise<void> {
  try {
    await sendNotification(db, notification);
  } catch (error) {
    console.error(`SMS to ${maskPhone(notification.to)} was not sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}
