import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import { AppError } from '../errors.ts';
import { checkLedger } from '../ledger/check.ts';
import { getWallet, listTransactions } from './service.ts';
import { cancelWithdrawal, listWithdrawalsForHospital, MAX_PENDING_WITHDRAWALS, rejectWithdrawal, requestWithdrawal, settleWithdrawal } from './withdrawals.ts';

const IBAN = '062960000000100324200001';
const query = { page: 1, per_page: 20 };

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describeEachDatabase('withdrawals', (database) => {
  it('holds the amount at once; cancel returns it; a second cancel or another account’s cancel changes nothing', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const stranger = await newPatient(db);
    await fundWallet(db, patient.id, 5_000_000);
    const withdrawal = await requestWithdrawal(db, patient.id, { amount: 3_000_000, iban: IBAN }, new Date());
    expect(withdrawal).toMatchObject({ status: 'pending', amount: 3_000_000, iban_masked: 'IR06 **** **** **** **** **00 01' });
    expect(withdrawal.key).toMatch(/^WD-[2-9A-Z]{6}$/);
    expect(await getWallet(db, patient.id)).toEqual({ balance: 5_000_000, available: 2_000_000, held: 3_000_000 });
    expect(await codeOf(cancelWithdrawal(db, stranger.id, withdrawal.key, new Date()))).toBe('not_found');
    expect(await cancelWithdrawal(db, patient.id, withdrawal.key, new Date())).toMatchObject({ status: 'cancelled' });
    expect(await codeOf(cancelWithdrawal(db, patient.id, withdrawal.key, new Date()))).toBe('conflict');
    expect(await getWallet(db, patient.id)).toEqual({ balance: 5_000_000, available: 5_000_000, held: 0 });
    const { rows } = await listTransactions(db, patient.id, query);
    expect(rows.map((row) => [row.type, row.amount, row.balance_after])).toEqual([
      ['withdrawal_reversal', 3_000_000, 5_000_000],
      ['withdrawal', -3_000_000, 2_000_000],
      ['charge', 5_000_000, 5_000_000],
    ]);
  });

  it('refuses more than the available balance (406), and a sixth pending withdrawal', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 10_000_000);
    expect(await codeOf(requestWithdrawal(db, patient.id, { amount: 10_000_001, iban: IBAN }, new Date()))).toBe('not_acceptable');
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => requestWithdrawal(db, patient.id, { amount: 1_000_000, iban: IBAN }, new Date())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_PENDING_WITHDRAWALS);
    expect((await getWallet(db, patient.id)).available).toBe(5_000_000);
  });

  it('the hospital pays one (money leaves the ledger) and rejects another (money returns), once each', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 4_000_000);
    const paid = await requestWithdrawal(db, patient.id, { amount: 1_500_000, iban: IBAN }, new Date());
    const rejected = await requestWithdrawal(db, patient.id, { amount: 2_000_000, iban: IBAN }, new Date());
    const pending = await listWithdrawalsForHospital(db, { status: 'pending', page: 1, perPage: 50 });
    expect(pending.rows.find((row) => row.key === paid.key)).toMatchObject({ iban: IBAN, holder: 'مریم احمدی', amount: 1_500_000 });
    // Oldest first: the order the hospital pays them in.
    expect(pending.rows.map((row) => row.key).filter((key) => key === paid.key || key === rejected.key)).toEqual([paid.key, rejected.key]);
    const settled = await Promise.allSettled([1, 2, 3].map(() => settleWithdrawal(db, paid.key, { bankReference: 'PAYA-123' }, new Date())));
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await codeOf(cancelWithdrawal(db, patient.id, paid.key, new Date()))).toBe('conflict');
    expect(await rejectWithdrawal(db, rejected.key, { reason: 'شماره شبا به نام شما نیست' }, new Date())).toMatchObject({ status: 'rejected', reason: 'شماره شبا به نام شما نیست' });
    expect(await codeOf(rejectWithdrawal(db, rejected.key, { reason: 'دوباره' }, new Date()))).toBe('conflict');
    expect(await codeOf(settleWithdrawal(db, 'WD-NOPE22', { bankReference: 'x' }, new Date()))).toBe('not_found');
    expect(await codeOf(settleWithdrawal(db, 'WD-\u0000', { bankReference: 'x' }, new Date()))).toBe('not_found');
    expect(await getWallet(db, patient.id)).toEqual({ balance: 2_500_000, available: 2_500_000, held: 0 });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('filters the statement by type and by Tehran day', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 2_000_000);
    await requestWithdrawal(db, patient.id, { amount: 500_000, iban: IBAN }, new Date());
    expect((await listTransactions(db, patient.id, { ...query, type: 'withdrawal' })).rows.map((r) => r.type)).toEqual(['withdrawal']);
    expect((await listTransactions(db, patient.id, { ...query, from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
    expect((await listTransactions(db, patient.id, { ...query, from: today, to: today })).total).toBe(2);
    expect(await listTransactions(db, patient.id, { ...query, per_page: 1, page: 2 })).toMatchObject({ rows: [{ type: 'charge' }], total: 2 });
    // A page past the end still says how many there are.
    expect(await listTransactions(db, patient.id, { ...query, per_page: 1, page: 3 })).toEqual({ rows: [], total: 2 });
  });
});
