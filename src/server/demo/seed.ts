import { count } from 'drizzle-orm';
import { insertAccount, NATIONAL_CODE_CONSTRAINT } from '../accounts/repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { createSandboxGateway, paySandboxSession } from '../payments/gateways/sandbox.ts';
import { completePayment, createPayment, startPayment } from '../payments/service.ts';
import { requestWithdrawal, settleWithdrawal } from '../wallet/withdrawals.ts';
import type { BookingContext } from '../booking/context.ts';
import { bookingContext } from '../booking/default-context.ts';
import { holdSlot, payAppointment } from '../booking/service.ts';
import { nextFreeStarts } from '../booking/slots.ts';

/** The demo patient (README «Demo data»): log in with this phone; the code is in the SMS outbox. */
export const DEMO_PATIENT = {
  phoneNumber: '09120000000',
  firstName: 'سارا',
  lastName: 'نمونه',
  /** A valid but fictional national code. */
  internationalCode: '0000000604',
  birthday: '1994-03-21',
  gender: 'female' as const,
};

const DEMO_IBAN = '062960000000100324200001';
const DAY = 24 * 60 * 60 * 1000;

/**
 * Gives an empty portal a demo patient with something on every screen built so far: a profile, a
 * wallet charged twice through the sandbox bank, one withdrawal paid and one waiting, one past and
 * one upcoming appointment paid from the wallet. Everything goes
 * through the same services a patient's actions use. Does nothing when any account exists.
 */
export async function seedDemo(db: Db, now: Date, booking: BookingContext = bookingContext()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(accounts);
  if ((existing?.total ?? 0) > 0) return false;
  const patient = await insertAccount(db, { ...DEMO_PATIENT, createdAt: new Date(now.getTime() - 40 * DAY), updatedAt: now }).catch((error: unknown) => {
    // Another process starting on the same database added her first.
    if (isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)) return undefined;
    throw error;
  });
  if (!patient) return false;
  const gateway = createSandboxGateway(db);
  for (const [daysAgo, amount] of [
    [30, 20_000_000],
    [6, 5_000_000],
  ] as const) {
    const at = new Date(now.getTime() - daysAgo * DAY);
    const payment = await createPayment(db, { accountId: patient.id, purpose: 'wallet_charge', amount, returnPath: '/financial', gateway: 'sandbox', timeoutMinutes: 20, now: at });
    const handOff = await startPayment(db, gateway, payment, { callbackUrl: 'http://localhost/return-bank', now: at });
    if (handOff.kind !== 'redirect' || !handOff.payment.authority) throw new Error('the demo charge did not reach the sandbox bank');
    await paySandboxSession(db, handOff.payment.authority, '6037991234567893', at);
    await completePayment(db, gateway, { paymentId: payment.id, authority: handOff.payment.authority }, at);
  }
  const paidOut = await requestWithdrawal(db, patient.id, { amount: 4_000_000, iban: DEMO_IBAN }, new Date(now.getTime() - 20 * DAY));
  await settleWithdrawal(db, paidOut.key, { bankReference: 'PAYA-140508-0042' }, new Date(now.getTime() - 19 * DAY));
  await requestWithdrawal(db, patient.id, { amount: 2_000_000, iban: DEMO_IBAN }, new Date(now.getTime() - 1 * DAY));
  await seedDemoAppointments(db, booking, patient, now);
  return true;
}

/**
 * One visit she had about ten days ago and one booked three or more days ahead (so she can try
 * cancelling and moving it), both paid from the wallet, with a featured doctor.
 */
async function seedDemoAppointments(db: Db, ctx: BookingContext, patient: { id: number; firstName: string; lastName: string }, now: Date): Promise<void> {
  const doctors = [...ctx.catalogue.doctors.entries()].filter(([, doctor]) => doctor.visit_fee_rial > 0);
  const [doctorId] = doctors.find(([, doctor]) => doctor.featured) ?? doctors[0] ?? [];
  if (!doctorId) return;
  for (const [bookedDaysAgo, aheadDays] of [
    [14, 4],
    [0, 3],
  ] as const) {
    const bookedAt = new Date(now.getTime() - bookedDaysAgo * DAY);
    const earliest = bookedAt.getTime() + aheadDays * DAY;
    const start = (await nextFreeStarts(db, ctx, doctorId, bookedAt, 200)).find((candidate) => Date.parse(candidate) >= earliest);
    if (!start) continue;
    const hold = await holdSlot(db, ctx, patient, { doctor_id: doctorId, start }, bookedAt);
    await payAppointment(db, ctx, 'sandbox', patient.id, hold.key, { use_wallet: true }, new Date(bookedAt.getTime() + 60_000));
  }
}
