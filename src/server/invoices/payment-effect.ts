/**
 * What a paid invoice payment does (registered with the payment service when this module loads).
 * The patient's payment settles the invoice if it still waits for exactly this payment; a link
 * payment settles it if it is still unpaid, returning any wallet money the patient had put aside.
 * Otherwise the payment service sends the money to the patient's wallet (the patient's payment) or
 * owes it back to the card (a link payment), and the receipt says so.
 */
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { registerPaymentEffect } from '../payments/service.ts';
import { notify } from '../sms/notify.ts';
import { invoiceSms } from './messages.ts';
import { findInvoice, lockInvoice } from './repository.ts';
import { releaseEscrow, settleInvoice } from './service.ts';

export function registerInvoicePayments(): void {
  registerPaymentEffect(
    'invoice',
    async (tx: Db, payment, now) => {
      if (!payment.target) return false;
      // The owner's wallet first, as every invoice change locks it, so no two transactions wait on each other.
      await lockWallet(tx, payment.accountId);
      let row = await lockInvoice(tx, payment.target);
      if (!row || row.accountId !== payment.accountId || row.status !== 'unpaid') return false;
      if (payment.payer === 'link') {
        if (payment.amount !== row.payable) return false;
        // The patient's own bank payment may be open: its wallet part goes back; its money, if it comes, to the wallet.
        if (row.paymentId || row.paidFromWallet > 0) row = await releaseEscrow(tx, row, now);
        await settleInvoice(tx, row, { byBank: payment.amount, paymentId: payment.id, byLink: true }, now);
        return true;
      }
      if (row.paymentId !== payment.id || row.payable - row.paidFromWallet !== payment.amount) return false;
      await settleInvoice(tx, row, { byBank: payment.amount, paymentId: payment.id, byLink: false }, now);
      return true;
    },
    async (db, payment, applied, now) => {
      if (!applied || payment.payer !== 'link' || !payment.target) return;
      const row = await findInvoice(db, payment.target);
      const account = row ? await findAccount(db, row.accountId) : undefined;
      if (row && account) await notify(db, { to: account.phoneNumber, text: invoiceSms.paidByLink(row.key, row.payable), now });
    },
  );
}

registerInvoicePayments();
