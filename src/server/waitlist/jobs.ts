import { and, eq, isNull } from 'drizzle-orm';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { findAccount } from '../accounts/repository.ts';
import { type BookingContext, doctorName } from '../appointments/context.ts';
import { lockAppointmentById } from '../appointments/repository.ts';
import type { Db } from '../db/client.ts';
import { waitlistOffers } from '../db/schema/waitlist.ts';
import { env } from '../env.ts';
import { ensureJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import { logError } from '../log.ts';
import { smsProvider } from '../sms/index.ts';
import { sendNotification } from '../sms/notify.ts';
import { waitlistSms } from './messages.ts';
import { endOffer, OFFER_LAPSE_JOB, OFFER_SMS_JOB, offerSlot } from './offers.ts';
import { endRangesOver, findEntry, findOffer, lapsedLiveOffers, lockOffer } from './repository.ts';
import { scanAddedSlots } from './scan.ts';

export const WAITLIST_SWEEP_JOB = 'waitlist.sweep';

/** The link an offer's SMS carries: the patient's services page opened on that entry. */
export const offerLink = (siteUrl: string, entryKey: string) => new URL(`/patient-profile/services?waitlist=${entryKey}`, siteUrl).href;

/**
 * An offer whose time ran out unanswered: it lapses, and its slot goes to the next patient in line
 * (or is free for everyone), in one transaction. The appointment row is locked before the offer,
 * as accepting and declining take them. Safe to repeat: anything but a live, lapsed offer is left.
 */
export async function lapseOffer(db: Db, ctx: BookingContext, offerId: number, now: Date): Promise<boolean> {
  const found = await findOffer(db, offerId);
  if (found?.status !== 'live' || found.expiresAt > now) return false;
  return db.transaction(async (tx) => {
    await lockAppointmentById(tx, found.appointmentId);
    const offer = await lockOffer(tx, found.id);
    if (offer?.status !== 'live' || offer.expiresAt > now) return false;
    await endOffer(tx, { offer, ending: 'lapsed', now });
    await offerSlot(tx, ctx, { doctorId: offer.doctorId, start: offer.startsAt }, now);
    return true;
  });
}

/**
 * Sends an offer's SMS at most once: the send is claimed on the offer row first (a crash after the
 * claim loses that SMS, never doubles it; the offer still shows on the patient's page), and the
 * claim is given back when the provider refuses, so the job's retry sends it. Only a live offer is
 * worth a message. The phone's notification budget applies, as to every notice.
 */
export async function sendOfferSms(
  db: Db,
  ctx: BookingContext,
  { offerId, now, send }: { offerId: number; now: Date; send?: ((to: string, text: string) => Promise<void>) | undefined },
): Promise<'sent' | 'skipped' | 'none'> {
  const [claimed] = await db
    .update(waitlistOffers)
    .set({ smsClaimedAt: now })
    .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.status, 'live'), isNull(waitlistOffers.smsClaimedAt)))
    .returning();
  if (!claimed) return 'none';
  try {
    const entry = await findEntry(db, claimed.entryId);
    const account = entry && (await findAccount(db, entry.accountId));
    if (!entry || !account) return 'none';
    const who = entry.forSelf ? null : `${entry.patientFirstName} ${entry.patientLastName}`;
    const text = waitlistSms.offer(who, doctorName(ctx.catalogue.doctors.get(claimed.doctorId)), claimed.startsAt, claimed.expiresAt, offerLink(env().PUBLIC_SITE_URL, entry.key));
    return await sendNotification(db, { to: account.phoneNumber, text, now, provider: { sendText: (sms) => (send ? send(sms.to, sms.text) : smsProvider().sendText(sms)) } });
  } catch (error) {
    await db.update(waitlistOffers).set({ smsClaimedAt: null }).where(eq(waitlistOffers.id, offerId));
    throw error;
  }
}

/**
 * The sweep, every minute: entries whose range is over end; live offers past their time lapse
 * (each also has its own job at that moment: this is the net under a failed one); slots added by
 * the moving booking window or a schedule change are offered to the waitlist first.
 */
export async function sweepWaitlist(db: Db, ctx: BookingContext, now: Date): Promise<{ ended: number; lapsed: number; offered: number }> {
  const ended = await endRangesOver(db, toTehranIsoDate(now), now);
  let lapsed = 0;
  for (const offer of await lapsedLiveOffers(db, now, 50)) {
    try {
      if (await lapseOffer(db, ctx, offer.id, now)) lapsed++;
    } catch (error) {
      logError(`Lapsing waitlist offer ${offer.id} failed`, error);
    }
  }
  const offered = await scanAddedSlots(db, ctx, now);
  return { ended, lapsed, offered };
}

const offerIdOf = (payload: unknown): number | undefined => {
  const id = (payload as { offer_id?: unknown }).offer_id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
};

export interface WaitlistJobsSetUp {
  context: () => BookingContext;
  now: Date;
  /** Sends an SMS; the configured provider when absent. */
  send?: (to: string, text: string) => Promise<void>;
}

/** The waitlist's jobs: each offer's SMS and lapse, and the sweep every minute (its row is created once). */
export async function setUpWaitlistJobs(db: Db, setUp: WaitlistJobsSetUp): Promise<void> {
  registerWaitlistJobHandlers(setUp);
  await ensureJob(db, { key: WAITLIST_SWEEP_JOB, kind: WAITLIST_SWEEP_JOB, runAt: setUp.now, everySeconds: 60 }, setUp.now);
}

/** The handlers alone (tests run jobs without the recurring sweep's row). */
export function registerWaitlistJobHandlers(setUp: Omit<WaitlistJobsSetUp, 'now'>): void {
  registerJobHandler(OFFER_SMS_JOB, async (jobDb, job, now) => {
    const id = offerIdOf(job.payload);
    if (id !== undefined) await sendOfferSms(jobDb, setUp.context(), { offerId: id, now, send: setUp.send });
  });
  registerJobHandler(OFFER_LAPSE_JOB, async (jobDb, job, now) => {
    const id = offerIdOf(job.payload);
    if (id !== undefined) await lapseOffer(jobDb, setUp.context(), id, now);
  });
  registerJobHandler(WAITLIST_SWEEP_JOB, async (jobDb, _job, now) => {
    await sweepWaitlist(jobDb, setUp.context(), now);
  });
}
