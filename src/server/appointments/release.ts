import type { Db } from '../db/client.ts';
import { dropJob } from '../jobs/repository.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { transfer } from '../ledger/transfer.ts';
import { releasePayableEscrow } from '../payments/payable.ts';
import { bookingStatement } from './messages.ts';
import { type AppointmentRow, updateAppointment } from './repository.ts';

export const reminderJobKey = (key: string) => `appointment-reminder:${key}`;

export interface Ending {
  status: 'expired' | 'cancelled';
  by?: 'patient' | 'hospital';
  reason?: string;
}

/**
 * Ends a held or awaiting-payment row: the slot is free once this commits. The wallet money put
 * towards it (in "appointment holds") goes back to the wallet now when the caller holds that
 * wallet's lock (`refundNow`), or else later by the release job (refunded stays null until then).
 */
export async function releaseUnconfirmed(tx: Db, { row, now, ending, refundNow }: { row: AppointmentRow; now: Date; ending: Ending; refundNow: boolean }): Promise<AppointmentRow> {
  const escrow = row.paidFromWallet;
  if (refundNow && escrow > 0) await refundEscrow(tx, row, now);
  return updateAppointment(tx, row.id, {
    status: ending.status,
    // Kept as the moment the hold ended (its own time, or now if released earlier): a phone may
    // not hold the same slot again until HOLD_MINUTES after that (service.ts, holdSlot).
    expiresAt: row.expiresAt && row.expiresAt < now ? row.expiresAt : now,
    refunded: refundNow || escrow === 0 ? escrow : null,
    ...(ending.status === 'cancelled' ? { cancelledAt: now, cancelledBy: ending.by ?? 'patient', cancelReason: ending.reason ?? null } : {}),
  });
}

/** The booking's side of the shared escrow: wallet money put towards a hold waits in "appointment holds". */
export const appointmentEscrow = { holds: SYSTEM_ACCOUNTS.appointmentHolds, statement: bookingStatement } as const;

/** Returns a released row's wallet money (the caller holds the wallet's lock). */
export async function refundEscrow(tx: Db, row: AppointmentRow, now: Date): Promise<void> {
  await releasePayableEscrow(tx, { ...appointmentEscrow, row, now });
}

/** Cancels a confirmed appointment and returns everything paid to the wallet (the caller holds its lock). */
export async function cancelConfirmed(tx: Db, row: AppointmentRow, now: Date, ending: Required<Pick<Ending, 'by'>> & Pick<Ending, 'reason'>): Promise<AppointmentRow> {
  const refund = row.paidFromWallet + row.paidByBank;
  if (refund > 0) {
    await transfer(tx, {
      from: SYSTEM_ACCOUNTS.revenue,
      to: { wallet: row.accountId },
      amount: refund,
      type: 'refund',
      description: bookingStatement.refunded(row.key),
      reference: row.key,
      now,
    });
  }
  await dropJob(tx, reminderJobKey(row.key), now);
  return updateAppointment(tx, row.id, { status: 'cancelled', refunded: refund, cancelledAt: now, cancelledBy: ending.by, cancelReason: ending.reason ?? null });
}
