import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import type { Db } from '../db/client.ts';
import { checkLedger } from '../ledger/check.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway, paySandboxSession } from './gateways/sandbox.ts';
import { findPayment } from './repository.ts';
import { completePayment, createPayment, startPayment, sweepPayments } from './service.ts';

const CALLBACK = 'http://portal.test/return-bank';
const CARD = '6037991234567893';

/** A wallet charge sent to the sandbox bank: the payment (pending, with an authority) and its gateway. */
async function chargeAtBank(db: Db, accountId: number, amount = 2_000_000, now = new Date()) {
  const gateway = createSandboxGateway(db);
  const payment = await createPayment(db, { accountId, purpose: 'wallet_charge', amount, returnPath: '/financial', gateway: 'sandbox', timeoutMinutes: 20, now });
  const handOff = await startPayment(db, gateway, payment, { callbackUrl: `${CALLBACK}?payment=${payment.id}`, now });
  if (handOff.kind !== 'redirect') throw new Error(`not sent to the bank: ${handOff.kind}`);
  return { gateway, payment: handOff.payment, authority: handOff.payment.authority! };
}

describeEachDatabase('payments', (database) => {
  it('a paid charge credits the wallet once, however many identical callbacks arrive at once', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const { gateway, payment, authority } = await chargeAtBank(db, patient.id);
    expect(await startPayment(db, gateway, payment, { callbackUrl: CALLBACK, now: new Date() })).toMatchObject({ kind: 'redirect', url: `/sandbox-bank/${authority}` });
    await paySandboxSession(db, { authority, cardNumber: CARD, now: new Date() });
    const results = await Promise.all(Array.from({ length: 20 }, () => completePayment(db, gateway, { paymentId: payment.id, authority }, new Date())));
    expect(results.every((row) => row?.status === 'paid')).toBe(true);
    expect(await walletBalanceOf(db, patient.id)).toBe(2_000_000);
    // And again later, one by one.
    for (let i = 0; i < 3; i++) await completePayment(db, gateway, { paymentId: payment.id, authority }, new Date());
    expect(await walletBalanceOf(db, patient.id)).toBe(2_000_000);
    const paid = await findPayment(db, payment.id);
    expect(paid).toMatchObject({ status: 'paid', cardPan: '6037-99**-****-7893' });
    expect(paid?.refId).toMatch(/^\d{12}$/);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a forged callback credits nothing: Status=OK for an unpaid authority, another payment’s authority, an unknown one', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const unpaid = await chargeAtBank(db, patient.id);
    const other = await chargeAtBank(db, patient.id, 3_000_000);
    await paySandboxSession(db, { authority: other.authority, cardNumber: CARD, now: new Date() });
    // Another payment's (paid) authority on this payment: ignored, this one stays pending.
    expect(await completePayment(db, unpaid.gateway, { paymentId: unpaid.payment.id, authority: other.authority }, new Date())).toMatchObject({ status: 'pending' });
    expect(await completePayment(db, unpaid.gateway, { paymentId: unpaid.payment.id, authority: 'SBnot-an-authority-of-ours' }, new Date())).toMatchObject({ status: 'pending' });
    expect(await completePayment(db, unpaid.gateway, { paymentId: 'AAAAAAAAAAAAAAAAAAAAAA', authority: other.authority }, new Date())).toBeUndefined();
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    // Its own authority, but nothing was paid at the bank: the bank says no, so it fails.
    expect(await completePayment(db, unpaid.gateway, { paymentId: unpaid.payment.id, authority: unpaid.authority }, new Date())).toMatchObject({ status: 'failed' });
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
  });

  it('verifies with our amount, not one the bank was told later', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const { gateway, payment, authority } = await chargeAtBank(db, patient.id, 5_000_000);
    await db.execute(sql`update sandbox_bank_sessions set amount = 1000000 where authority = ${authority}`);
    await paySandboxSession(db, { authority, cardNumber: CARD, now: new Date() });
    expect(await completePayment(db, gateway, { paymentId: payment.id, authority }, new Date())).toMatchObject({ status: 'failed' });
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
  });

  it('money that arrives after the payment failed is credited to the wallet, once', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const { gateway, payment, authority } = await chargeAtBank(db, patient.id);
    expect(await completePayment(db, gateway, { paymentId: payment.id, authority }, new Date())).toMatchObject({ status: 'failed' });
    await paySandboxSession(db, { authority, cardNumber: CARD, now: new Date() });
    await Promise.all([1, 2, 3].map(() => completePayment(db, gateway, { paymentId: payment.id, authority }, new Date())));
    expect(await findPayment(db, payment.id)).toMatchObject({ status: 'paid' });
    expect(await walletBalanceOf(db, patient.id)).toBe(2_000_000);
  });

  it('the sweeper, in two processes at once, applies a payment left at the bank once, and expires the unpaid ones', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const started = new Date(Date.now() - 30 * 60_000);
    const paidAtBank = await chargeAtBank(db, patient.id, 4_000_000, started);
    const abandoned = await chargeAtBank(db, patient.id, 1_000_000, started);
    await paySandboxSession(db, { authority: paidAtBank.authority, cardNumber: CARD, now: started });
    // Two sweepers (each its own gateway object, as two processes would have) and a late callback race.
    const now = new Date();
    const [first, second] = await Promise.all([
      sweepPayments(db, createSandboxGateway(db), now),
      sweepPayments(db, createSandboxGateway(db), now),
      completePayment(db, paidAtBank.gateway, { paymentId: paidAtBank.payment.id, authority: paidAtBank.authority }, now),
    ]);
    expect(first!.paid + second!.paid).toBeLessThanOrEqual(1);
    expect(await walletBalanceOf(db, patient.id)).toBe(4_000_000);
    expect(await findPayment(db, abandoned.payment.id)).toMatchObject({ status: 'expired' });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a young pending payment is left alone, and a gateway that does not answer leaves it pending', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const young = await chargeAtBank(db, patient.id);
    expect((await sweepPayments(db, young.gateway, new Date())).checked).toBe(0);
    const silent: PaymentGateway = { ...young.gateway, verify: async () => ({ status: 'unknown', message: 'timeout' }) };
    const old = await chargeAtBank(db, patient.id, 1_000_000, new Date(Date.now() - 60 * 60_000));
    await sweepPayments(db, silent, new Date());
    expect(await findPayment(db, old.payment.id)).toMatchObject({ status: 'pending' });
    expect(await completePayment(db, silent, { paymentId: old.payment.id, authority: old.authority }, new Date())).toMatchObject({ status: 'pending' });
  });

  it('50 charges at once still open only five payments', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const order = { accountId: patient.id, purpose: 'wallet_charge' as const, amount: 1_000_000, returnPath: '/financial', gateway: 'sandbox' as const, timeoutMinutes: 20 };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => createPayment(db, { ...order, now: new Date() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string; message?: string }] : []));
    expect(refusals.filter((reason) => reason.code !== 'rate_limited').map((reason) => reason.message)).toEqual([]);
    expect(refusals).toHaveLength(45);
  });

  it('an account may keep only five payments open at the bank', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    for (let i = 0; i < 5; i++)
      await createPayment(db, { accountId: patient.id, purpose: 'wallet_charge', amount: 1_000_000, returnPath: '/financial', gateway: 'sandbox', timeoutMinutes: 20, now: new Date() });
    await expect(
      createPayment(db, { accountId: patient.id, purpose: 'wallet_charge', amount: 1_000_000, returnPath: '/financial', gateway: 'sandbox', timeoutMinutes: 20, now: new Date() }),
    ).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
