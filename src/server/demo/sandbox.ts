import type { Db } from '../db/client.ts';
import { createSandboxGateway, paySandboxSession } from '../payments/gateways/sandbox.ts';
import { findPayment } from '../payments/repository.ts';
import { completePayment, createPayment, startPayment } from '../payments/service.ts';

const DEMO_CARD = '6037991234567893';

/** A payment made at the sandbox bank as a browser would: sent there, paid with the demo card, back to the portal. */
export async function payAtSandbox(db: Db, paymentId: string, at: Date): Promise<void> {
  const gateway = createSandboxGateway(db);
  const payment = await findPayment(db, paymentId);
  const handOff = payment && (await startPayment(db, gateway, payment, { callbackUrl: 'http://localhost/return-bank', now: at }));
  if (handOff?.kind !== 'redirect' || !handOff.payment.authority) throw new Error('the demo payment did not reach the sandbox bank');
  await paySandboxSession(db, { authority: handOff.payment.authority, cardNumber: DEMO_CARD, now: at });
  await completePayment(db, gateway, { paymentId, authority: handOff.payment.authority }, at);
}

/** A wallet charged through the sandbox bank. */
export async function chargeAtSandbox(db: Db, accountId: number, amount: number, at: Date): Promise<void> {
  const payment = await createPayment(db, { accountId, purpose: 'wallet_charge', amount, returnPath: '/financial', gateway: 'sandbox', timeoutMinutes: 20, now: at });
  await payAtSandbox(db, payment.id, at);
}
