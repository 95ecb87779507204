import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import type { BookingContext } from './context.ts';
import { doctorName } from './context.ts';
import { bookingSms } from './messages.ts';
import { cancelUntil } from './present.ts';
import type { AppointmentRow } from './repository.ts';

type Notice = 'confirmed' | 'cancelled' | 'moved' | 'reminder' | { cancelledByHospital: string };

/** The SMS text about `row`. */
export function noticeText(ctx: BookingContext, row: AppointmentRow, notice: Notice, now: Date): string {
  const doctor = doctorName(ctx.catalogue.doctors.get(row.doctorId));
  const clinic = ctx.catalogue.clinics.get(row.clinicId)?.name ?? '';
  if (notice === 'confirmed') return bookingSms.confirmed(row.key, doctor, row.startsAt, row.turn, cancelUntil(row, ctx), now);
  if (notice === 'moved') return bookingSms.moved(row.key, doctor, row.startsAt, row.turn);
  if (notice === 'reminder') return bookingSms.reminder(row.key, doctor, row.startsAt, clinic);
  if (notice === 'cancelled') return bookingSms.cancelled(row.key, doctor, row.startsAt, row.refunded ?? 0);
  return bookingSms.cancelledByHospital(row.key, doctor, row.startsAt, row.refunded ?? 0, notice.cancelledByHospital);
}

/** The SMS about `row` to its account's phone, after the change committed; never throws. */
export async function tellPatient(db: Db, { ctx, row, notice, now }: { ctx: BookingContext; row: AppointmentRow; notice: Notice; now: Date }): Promise<void> {
  try {
    const account = await findAccount(db, row.accountId);
    if (account) await notify(db, { to: account.phoneNumber, text: noticeText(ctx, row, notice, now), now });
  } catch (error) {
    logError('Telling the patient about an appointment failed', error);
  }
}
