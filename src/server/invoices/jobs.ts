import type { Db } from '../db/client.ts';
import { livePayment, type ReleaseSweep, registerReleaseSweep, sweepReleases } from '../payments/payable.ts';
import { type InvoiceRow, invoicesToRelease, lockInvoice } from './repository.ts';
import { releaseEscrow } from './service.ts';

export const INVOICE_RELEASE_JOB = 'invoices.release';

/**
 * Returns the wallet money of an invoice whose bank payment failed or ran out of time (the patient
 * walked away from the bank). If the bank's money still comes, it goes to the wallet.
 */
async function releaseUnpaidTry(tx: Db, row: InvoiceRow, now: Date): Promise<boolean> {
  if (row.status !== 'unpaid' || !row.paymentId) return false;
  if (await livePayment(tx, row.paymentId, now)) return false;
  await releaseEscrow(tx, row, now);
  return true;
}

const invoiceReleases: ReleaseSweep<InvoiceRow> = { job: INVOICE_RELEASE_JOB, noun: 'invoice', candidates: invoicesToRelease, lock: lockInvoice, release: releaseUnpaidTry };

/** Returns the wallet money of invoices whose bank payment ended unpaid. Returns how many it settled. */
export async function releaseLapsedInvoices(db: Db, now: Date, limit = 50): Promise<number> {
  return sweepReleases(db, { sweep: invoiceReleases, now, limit });
}

/** The invoices' chore every minute (its row is created once). */
export async function setUpInvoiceJobs(db: Db, now: Date): Promise<void> {
  await registerReleaseSweep(db, { sweep: invoiceReleases, now });
}
