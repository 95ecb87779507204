import type { HoldRefusals } from '#lib/api/contracts/hospital.ts';
import { countAccountsOfPhone } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { topSubjects } from '../limits/repository.ts';
import { HOLD_REFUSAL_BUCKETS } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The phones and addresses refused the most slot holds in the 24 hours before `now` (`limit` of each), for the hospital. */
export async function holdRefusals(db: Db, now: Date, limit = 20): Promise<HoldRefusals> {
  const since = new Date(now.getTime() - DAY_MS);
  const [phones, addresses] = await Promise.all([topSubjects(db, HOLD_REFUSAL_BUCKETS.phone, since, limit), topSubjects(db, HOLD_REFUSAL_BUCKETS.address, since, limit)]);
  return {
    since: since.toISOString(),
    phones: await Promise.all(
      phones.map(async (row) => ({ phone_number: row.subject, accounts: await countAccountsOfPhone(db, row.subject), refusals: row.events, last_at: row.last.toISOString() })),
    ),
    addresses: addresses.map((row) => ({ address: row.subject, refusals: row.events, last_at: row.last.toISOString() })),
  };
}
