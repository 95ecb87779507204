import type { Db } from '../db/client.ts';
import { ensureJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { logError } from '../log.ts';
import { findPayment } from '../payments/repository.ts';
import { invoicesToRelease, lockInvoice } from './repository.ts';
import { releaseEscrow } from './service.ts';

export const INVOICE_RELEASE_JOB = 'invoices.release';

/**
 * Returns the wallet money of invoices whose bank payment failed or ran out of time (the patient
 * walked away from the bank). If the bank's money still comes, it goes to the wallet. Returns how
 * many invoices it settled.
 */
export async function releaseLapsedInvoices(db: Db, now: Date, limit = 50): Promise<number> {
  let released = 0;
  for (const candidate of await invoicesToRelease(db, now, limit)) {
    try {
      const done = await db.transaction(async (tx) => {
        await lockWallet(tx, candidate.accountId);
        const row = await lockInvoice(tx, candidate.key);
        if (!row || row.status !== 'unpaid' || !row.paymentId) return false;
        const payment = await findPayment(tx, row.paymentId);
        if (payment?.status === 'pending' && payment.expiresAt > now) return false;
        await releaseEscrow(tx, row, now);
        return true;
      });
      if (done) released++;
    } catch (error) {
      logError(`Releasing invoice ${candidate.key} failed`, error);
    }
  }
  return released;
}

/** The invoices' chore every minute (its row is created once). */
export async function setUpInvoiceJobs(db: Db, now: Date): Promise<void> {
  registerJobHandler(INVOICE_RELEASE_JOB, async (jobDb, _job, at) => {
    await releaseLapsedInvoices(jobDb, at);
  });
  await ensureJob(db, { key: INVOICE_RELEASE_JOB, kind: INVOICE_RELEASE_JOB, runAt: now, everySeconds: 60 }, now);
}
