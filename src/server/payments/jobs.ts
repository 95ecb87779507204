import type { Db } from '../db/client.ts';
import { ensureJob } from '../jobs/repository.ts';
import { registerJobHandler } from '../jobs/runner.ts';
import type { PaymentGateway } from './gateway.ts';
import { sweepPayments } from './service.ts';

export const SWEEP_JOB = 'payments.sweep';

/** The payment sweeper as a recurring job of the durable runner: every minute, in one process at a time. */
export async function setUpPaymentJobs(db: Db, gateway: (db: Db) => PaymentGateway, now: Date): Promise<void> {
  registerJobHandler(SWEEP_JOB, async (jobDb, _job, at) => {
    await sweepPayments(jobDb, gateway(jobDb), at);
  });
  await ensureJob(db, { key: SWEEP_JOB, kind: SWEEP_JOB, runAt: now, everySeconds: 60 }, now);
}
