import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { checkLedger } from '../ledger/check.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { livePayment, type Payable, type PayableRow, payPayable, type ReleaseSweep, releasePayableEscrow, sweepReleases } from './payable.ts';
import { markClosed } from './repository.ts';

/**
 * The workflow on its own, with a made-up payable kept in memory: every change to it happens under
 * the owner's wallet lock, which is what the workflow relies on to serialise pays of one row.
 */
interface Bill extends PayableRow {
  price: number;
  paid: boolean;
}

const statement = { paid: (key: string) => `paid ${key}`, heldForBank: (key: string) => `held ${key}`, released: (key: string) => `released ${key}` };

function billBook(options: { retryReleases: boolean }) {
  const bills = new Map<string, Bill>();
  let nextId = 1;
  const save = (bill: Bill) => {
    bills.set(bill.key, { ...bill });
    return { ...bill };
  };
  const forget = async (tx: Db, row: Bill, now: Date) => {
    await releasePayableEscrow(tx, { holds: SYSTEM_ACCOUNTS.invoiceHolds, statement, row, now });
    return save({ ...row, paidFromWallet: 0, paymentId: null });
  };
  const payable: Payable<Bill> = {
    purpose: 'invoice',
    holds: SYSTEM_ACCOUNTS.invoiceHolds,
    paidInto: SYSTEM_ACCOUNTS.revenue,
    statement,
    notFound: 'no such bill',
    lockOf: async (_tx, accountId, key) => {
      const bill = bills.get(key);
      return bill?.accountId === accountId ? { ...bill } : undefined;
    },
    standing: (row) => (row.paid ? 'settled' : 'open'),
    price: (row) => row.price,
    ...(options.retryReleases ? { forgetEscrow: forget } : {}),
    settle: async (_tx, row, fromWallet) => save({ ...row, paid: true, paidFromWallet: row.paidFromWallet + fromWallet }),
    awaitBank: async (_tx, row, { fromWallet, payment }) => save({ ...row, paidFromWallet: row.paidFromWallet + fromWallet, paymentId: payment.id }),
    bankOrder: () => ({ returnPath: '/bills', timeoutMinutes: 20, maxOpen: 5 }),
  };
  const open = (accountId: number, price: number) => save({ id: nextId, accountId, key: `BILL-${nextId++}`, price, paid: false, paidFromWallet: 0, paymentId: null });
  const sweep: ReleaseSweep<Bill> = {
    job: 'bills.release',
    noun: 'bill',
    candidates: async () => [...bills.values()].filter((bill) => bill.paymentId).map(({ key, accountId }) => ({ key, accountId })),
    lock: async (_tx, key) => {
      const bill = bills.get(key);
      if (bill?.price === 13) throw new Error('this bill cannot be locked');
      return bill && { ...bill };
    },
    release: async (tx, row, now) => {
      if (await livePayment(tx, row.paymentId, now)) return false;
      await forget(tx, row, now);
      return true;
    },
  };
  return { bills, payable, open, sweep };
}

describeEachDatabase('the pay workflow', (database) => {
  it('a wallet that covers the price settles at once, into paidInto; a repeat answers settled, not fresh', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 3_000_000);
    const { payable, open } = billBook({ retryReleases: true });
    const bill = open(patient.id, 2_000_000);
    const paid = await payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() });
    expect(paid).toMatchObject({ kind: 'settled', fresh: true, row: { paid: true, paidFromWallet: 2_000_000 } });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect(await payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() })).toMatchObject({ kind: 'settled', fresh: false });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("another account's row is not found; a bank part below the gateway minimum is refused and nothing moves", async () => {
    const { db } = database();
    const [owner, stranger] = [await newPatient(db), await newPatient(db)];
    const { payable, open } = billBook({ retryReleases: true });
    const bill = open(owner.id, 5_000);
    const before = (await checkLedger(db)).transfers;
    const refused = await rejection(payPayable(db, { payable, accountId: stranger.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() }), AppError);
    expect(refused.code).toBe('not_found');
    const tiny = await rejection(payPayable(db, { payable, accountId: owner.id, key: bill.key, useWallet: false, gateway: 'sandbox', now: new Date() }), AppError);
    expect(tiny.code).toBe('not_acceptable');
    expect((await checkLedger(db)).transfers).toBe(before);
  });

  it('50 parallel pays of one row: the wallet part moves once and all get the one bank payment', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const { bills, payable, open } = billBook({ retryReleases: true });
    const bill = open(patient.id, 4_000_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() })),
    );
    const payments = new Set(results.map((result) => (result.kind === 'bank' ? result.payment.id : result.kind)));
    expect(payments.size).toBe(1);
    expect(results[0]).toMatchObject({ kind: 'bank', payment: { amount: 3_000_000, status: 'pending' } });
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    expect(bills.get(bill.key)).toMatchObject({ paidFromWallet: 1_000_000, paymentId: [...payments][0] });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a retry after the bank payment ended: released first when the payable says so, else the part set aside counts', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    for (const retryReleases of [true, false]) {
      await fundWallet(db, patient.id, 1_000_000);
      const { bills, payable, open } = billBook({ retryReleases });
      const bill = open(patient.id, 4_000_000);
      const first = await payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() });
      if (first.kind !== 'bank') throw new Error('expected a bank payment');
      await markClosed(db, first.payment.id, { status: 'failed', failure: 'test', closedAt: new Date() });
      const second = await payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() });
      if (second.kind !== 'bank') throw new Error('expected a bank payment');
      expect(second.payment.id).not.toBe(first.payment.id);
      expect(second.payment.amount).toBe(3_000_000);
      expect(bills.get(bill.key)?.paidFromWallet).toBe(1_000_000);
      expect(await walletBalanceOf(db, patient.id)).toBe(0);
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('the release sweep returns set-aside money of ended bank payments only, once, and goes on past a failing row', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const { bills, payable, open, sweep } = billBook({ retryReleases: true });
    const [ended, live, broken] = [open(patient.id, 4_000_000), open(patient.id, 4_000_000), open(patient.id, 13)];
    for (const bill of [ended, live]) {
      await fundWallet(db, patient.id, 1_000_000);
      await payPayable(db, { payable, accountId: patient.id, key: bill.key, useWallet: true, gateway: 'sandbox', now: new Date() });
    }
    bills.set(broken.key, { ...broken, paymentId: 'none' });
    const endedPayment = bills.get(ended.key)!.paymentId!;
    await markClosed(db, endedPayment, { status: 'expired', failure: 'test', closedAt: new Date() });
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    expect(await sweepReleases(db, { sweep, now: new Date() })).toBe(1);
    expect(bills.get(ended.key)).toMatchObject({ paidFromWallet: 0, paymentId: null });
    expect(bills.get(live.key)?.paidFromWallet).toBe(1_000_000);
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect(await sweepReleases(db, { sweep, now: new Date() })).toBe(0);
    // The escrow helper alone moves nothing for a row with nothing set aside.
    await db.transaction(async (tx) => {
      await lockWallet(tx, patient.id);
      await releasePayableEscrow(tx, { holds: SYSTEM_ACCOUNTS.invoiceHolds, statement, row: bills.get(ended.key)!, now: new Date() });
    });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
