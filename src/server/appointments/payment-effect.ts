/**
 * What a paid appointment payment does (registered with the payment service when this module
 * loads): it confirms the appointment it was opened for, if that appointment still waits for
 * exactly this payment; otherwise the payment service puts the money in the wallet and the
 * receipt says so.
 */
import type { Db } from '../db/client.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { registerPaymentEffect } from '../payments/service.ts';
import type { BookingContext } from './context.ts';
import { bookingContext } from './default-context.ts';
import { tellPatient } from './notices.ts';
import { findAppointment, lockAppointment } from './repository.ts';
import { confirmPaid } from './service.ts';

export function registerAppointmentPayments(context: () => BookingContext = bookingContext): void {
  registerPaymentEffect(
    'appointment',
    async (tx: Db, payment, now) => {
      if (!payment.target) return false;
      // The wallet first, as every booking change locks it, so no two transactions wait on each other.
      await lockWallet(tx, payment.accountId);
      const row = await lockAppointment(tx, payment.target);
      if (!row || row.accountId !== payment.accountId || row.status !== 'awaiting_payment' || row.paymentId !== payment.id) return false;
      if (row.fee - row.paidFromWallet !== payment.amount) return false;
      await confirmPaid(tx, { ctx: context(), row, paid: { byBank: payment.amount, payment }, now });
      return true;
    },
    async (db, payment, applied, now) => {
      if (!applied || !payment.target) return;
      const row = await findAppointment(db, payment.target);
      if (row) await tellPatient(db, { ctx: context(), row, notice: 'confirmed', now });
    },
  );
}

registerAppointmentPayments();
