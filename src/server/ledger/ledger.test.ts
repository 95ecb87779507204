import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { checkLedger } from './check.ts';
import { ledgerAccountId, walletBalanceOf } from './repository.ts';
import { transfer } from './transfer.ts';

/** The database's own message, under Drizzle's "Failed query" wrapper. */
const causeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
  );

const pay = (db: Db, accountId: number, amount: number) =>
  db.transaction((tx) => transfer(tx, { from: { wallet: accountId }, to: 'revenue', amount, type: 'payment', description: 'پرداخت نوبت', now: new Date() }));

describeEachDatabase('ledger', (database) => {
  it('moves money between two accounts with both balances after, and the account shows the wallet', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 5_000_000);
    const moved = await pay(db, patient.id, 1_200_000);
    expect(moved).toMatchObject({ amount: 1_200_000, fromBalanceAfter: 3_800_000, type: 'payment' });
    expect(await walletBalanceOf(db, patient.id)).toBe(3_800_000);
    expect((await findAccount(db, patient.id))?.walletBalance).toBe(3_800_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses to overdraw a wallet (406) and changes nothing', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const error = await pay(db, patient.id, 1_000_001).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not_acceptable');
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a new wallet created by 30 transactions at once exists once, and none of them fails', async () => {
    const { db } = database();
    for (let round = 0; round < 5; round++) {
      const patient = await newPatient(db);
      const ids = await Promise.all(Array.from({ length: 30 }, () => db.transaction((tx) => ledgerAccountId(tx, { wallet: patient.id }))));
      expect(new Set(ids).size).toBe(1);
    }
  });

  it('50 concurrent debits of one wallet never overdraw it: exactly as many succeed as the money allows', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 10_000_000);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => pay(db, patient.id, 1_000_000)));
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.code === 'not_acceptable').length;
    expect(succeeded).toBe(10);
    expect(refused).toBe(40);
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    const check = await checkLedger(db);
    expect(check).toMatchObject({ ok: true, sum: 0, mismatches: [] });
  });

  it('the database itself refuses a negative wallet and any change to a written transfer', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 2_000_000);
    expect(await causeOf(db.execute(sql`update ledger_accounts set balance = -1 where account_id = ${patient.id}`))).toMatch(/ledger_accounts_wallet_not_negative/);
    expect(await causeOf(db.execute(sql`update ledger_transfers set amount = 1`))).toMatch(/immutable/);
    expect(await causeOf(db.execute(sql`delete from ledger_transfers`))).toMatch(/immutable/);
    expect(
      await causeOf(
        db.execute(
          sql`insert into ledger_transfers (from_account_id, to_account_id, amount, type, description, from_balance_after, to_balance_after, created_at) select id, id + 0, 5, 'x', 'x', 0, 0, now() from ledger_accounts limit 1`,
        ),
      ),
    ).toMatch(/ledger_transfers_two_accounts/);
  });

  it('the consistency check finds a cached balance that does not match its entries', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 3_000_000);
    await db.execute(sql`update ledger_accounts set balance = balance + 5 where account_id = ${patient.id}`);
    const check = await checkLedger(db);
    expect(check.ok).toBe(false);
    expect(check.sum).toBe(5);
    expect(check.mismatches).toEqual([{ account: `wallet:${patient.id}`, cached: 3_000_005, entries: 3_000_000 }]);
    await db.execute(sql`update ledger_accounts set balance = balance - 5 where account_id = ${patient.id}`);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
