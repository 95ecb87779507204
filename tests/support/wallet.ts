import { type Account, insertAccount } from '../../src/server/accounts/repository.ts';
import type { Db } from '../../src/server/db/client.ts';
import { transfer } from '../../src/server/ledger/transfer.ts';
import { nationalCode } from './people.ts';

// Patients are numbered on from a random start, one process's numbers never meeting twice. A random
// number per patient did: about fifty patients in one test made a repeated national code a matter
// of time (a birthday problem), and a CI run failed on it.
const firstPatient = 100_000 + Math.floor(Math.random() * 5_000_000);
let people = 0;

/** A fresh patient account (its own phone and national code). */
export async function newPatient(db: Db): Promise<Account> {
  const n = firstPatient + ++people;
  return insertAccount(db, {
    phoneNumber: `0912${String(n).padStart(7, '0').slice(-7)}`,
    firstName: 'مریم',
    lastName: 'احمدی',
    internationalCode: nationalCode(n),
    gender: 'female',
  });
}

/** Puts `amount` rials in a patient's wallet as a bank charge would. */
export async function fundWallet(db: Db, accountId: number, amount: number): Promise<void> {
  await db.transaction((tx) => transfer(tx as unknown as Db, { from: 'gateway', to: { wallet: accountId }, amount, type: 'charge', description: 'شارژ کیف پول', now: new Date() }));
}
