import { count } from 'drizzle-orm';
import { addDays, tehranInstant } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { findAccountByNationalCode, insertAccount, NATIONAL_CODE_CONSTRAINT } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { accounts } from '../db/schema/accounts.ts';
import { env } from '../env.ts';
import { issueInvoice } from '../invoices/hospital.ts';
import '../invoices/payment-effect.ts';
import type { BookingContext } from '../appointments/context.ts';
import { bookingContext } from '../appointments/default-context.ts';
import { holdSlot, payAppointment } from '../appointments/service.ts';
import { nextFreeStarts } from '../appointments/slots.ts';
import { type InvoiceSettings, payInvoice } from '../invoices/service.ts';
import { createServiceRequest, moveServiceRequest } from '../service-requests/service.ts';
import type { ResultContext } from '../test-results/service.ts';
import { resultContext } from '../test-results/settings.ts';
import { requestWithdrawal, settleWithdrawal } from '../wallet/withdrawals.ts';
import { chargeAtSandbox, payAtSandbox } from './sandbox.ts';
import { seedDemoResults } from './test-results.ts';
import { seedDemoVisitDay } from './visit-day.ts';
import { fillDemoFullDoctor, seedDemoWaitlist } from './waitlist.ts';

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
const HOUR = 60 * 60 * 1000;

type DemoPatient = { id: number; firstName: string; lastName: string };

/**
 * Gives an empty portal a demo patient with something on every screen built so far, in the order
 * it happened: a profile; a wallet charged twice through the sandbox bank; an older invoice paid at
 * the bank; one withdrawal paid and one waiting; one past and one upcoming appointment paid from the
 * wallet; a home-care request the hospital has scheduled for two days from now, with its unpaid
 * invoice (an insured line among them) and the SMS link; three lab check-ups over the year, the
 * latest with values out of range (demo/test-results.ts); her mother's visit with the full doctor
 * and her father's place in that doctor's waitlist (demo/waitlist.ts). Everything goes through the same services
 * a patient's or the hospital's actions use, so the ledger holds. Does nothing when any account exists.
 */
export async function seedDemo(
  db: Db,
  { now, booking = bookingContext(), siteUrl = env().PUBLIC_SITE_URL, results = resultContext() }: { now: Date; booking?: BookingContext; siteUrl?: string; results?: ResultContext },
): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(accounts);
  if ((existing?.total ?? 0) > 0) return false;
  const patient = await insertAccount(db, { ...DEMO_PATIENT, createdAt: new Date(now.getTime() - 40 * DAY), updatedAt: now }).catch((error: unknown) => {
    // Another process starting on the same database added her first.
    if (isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)) return undefined;
    throw error;
  });
  if (!patient) return false;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await chargeAtSandbox(db, patient.id, 20_000_000, ago(30));
  await seedPaidInvoice(db, booking, siteUrl, patient.id, ago(25), ago(24));
  const paidOut = await requestWithdrawal(db, patient.id, { amount: 4_000_000, iban: DEMO_IBAN }, ago(20));
  await settleWithdrawal(db, paidOut.key, { bankReference: 'PAYA-140508-0042' }, ago(19));
  await seedDemoAppointment(db, booking, patient, ago(14), 4);
  await chargeAtSandbox(db, patient.id, 5_000_000, ago(6));
  await seedServiceRequest(db, booking, siteUrl, patient, now);
  await requestWithdrawal(db, patient.id, { amount: 2_000_000, iban: DEMO_IBAN }, ago(1));
  await seedDemoAppointment(db, booking, patient, now, 3);
  await seedDemoWaitlist(db, { ctx: booking, patient, now });
  await seedDemoResults(db, results, { patient, siteUrl, now });
  return true;
}

const invoiceSettingsOf = (ctx: BookingContext): InvoiceSettings => ({
  paymentTimeoutMinutes: ctx.settings.paymentTimeoutMinutes,
  paymentOpenLimit: ctx.settings.paymentOpenLimit,
  linkDaysAfterSettled: 7,
});
const demoPatientRef = { international_code: DEMO_PATIENT.internationalCode, phone_number: DEMO_PATIENT.phoneNumber };

/** A clinic visit's invoice from last month, the insurer paying part, the rest paid at the bank. */
async function seedPaidInvoice(db: Db, ctx: BookingContext, siteUrl: string, accountId: number, issuedAt: Date, paidAt: Date): Promise<void> {
  const issued = await issueInvoice(
    db,
    {
      patient: demoPatientRef,
      items: [
        { title: 'ویزیت متخصص قلب', quantity: 1, unit_price: 3_500_000, insurance_share: 1_500_000, discount: 0 },
        { title: 'نوار قلب', quantity: 1, unit_price: 1_200_000, insurance_share: 400_000, discount: 0 },
      ],
    },
    { issuedBy: 'demo', siteUrl, now: issuedAt },
  );
  const paying = await payInvoice(db, { services: ctx.catalogue.services, settings: invoiceSettingsOf(ctx), gateway: 'sandbox', accountId, key: issued.key, useWallet: false, now: paidAt });
  if (paying.status === 'awaiting_payment') await payAtSandbox(db, paying.payment_id, paidAt);
}
/**
 * A visit with a featured doctor booked at `bookedAt`, `aheadDays` or more ahead, paid from the
 * wallet a minute later: booked 14 days ago for 4 days later (she has had it), and today for 3
 * days ahead (she can try cancelling and moving it).
 */
async function seedDemoAppointment(db: Db, ctx: BookingContext, patient: DemoPatient, bookedAt: Date, aheadDays: number): Promise<void> {
  const doctors = [...ctx.catalogue.doctors.entries()].filter(([, doctor]) => doctor.visit_fee_rial > 0);
  const [doctorId] = doctors.find(([, doctor]) => doctor.featured) ?? doctors[0] ?? [];
  if (!doctorId) return;
  const earliest = bookedAt.getTime() + aheadDays * DAY;
  const start = (await nextFreeStarts(db, { ctx, doctorId, now: bookedAt, limit: 200 })).find((candidate) => Date.parse(candidate) >= earliest);
  if (!start) return;
  const hold = await holdSlot(db, { ctx, booker: patient, body: { doctor_id: doctorId, start }, now: bookedAt });
  await payAppointment(db, { ctx, gateway: 'sandbox', accountId: patient.id, key: hold.key, useWallet: true, now: new Date(bookedAt.getTime() + 60_000) });
}

/**
 * A home-care request (the injection service, or the catalogue's first) made three days ago for
 * the day after tomorrow: reviewed, then scheduled for 10:00 that day with a note; its invoice,
 * issued yesterday, waits to be paid (the patient got the link by SMS).
 */
async function seedServiceRequest(db: Db, ctx: BookingContext, siteUrl: string, patient: DemoPatient, now: Date): Promise<void> {
  const services = ctx.catalogue.services;
  const serviceId = services.has('home-injection') ? 'home-injection' : services.keys().next().value;
  const service = serviceId === undefined ? undefined : services.get(serviceId);
  if (!serviceId || !service) return;
  const visitDay = addDays(toTehranIsoDate(now), 2);
  const window = service.windows.includes('morning') ? 'morning' : service.windows[0]!;
  const visitTime = { morning: '10:00', afternoon: '14:00', evening: '18:00' }[window];
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const request = await createServiceRequest(db, {
    services,
    requester: patient,
    body: {
      service_id: serviceId,
      phone: '02188001234',
      address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲، واحد ۳',
      preferred_date: visitDay,
      preferred_window: window,
      notes: 'سرم و آمپول‌ها را داروخانه تحویل داده است. زنگ واحد ۳ را بزنید.',
    },
    now: at(3),
  });
  await moveServiceRequest(db, { services, key: request.key, body: { status: 'reviewing', note: 'نسخه را دیدیم؛ به‌زودی زمان مراجعه را خبر می‌دهیم.' }, now: at(2) });
  await moveServiceRequest(db, {
    services,
    key: request.key,
    body: { status: 'scheduled', scheduled_at: tehranInstant(visitDay, visitTime).toISOString(), note: 'پرستار با کیف تزریقات می‌آید؛ نسخه و داروها را آماده کنید.' },
    now: at(1),
  });
  await issueInvoice(
    db,
    {
      patient: demoPatientRef,
      service_request_key: request.key,
      items: [
        { title: 'سرم‌تراپی در منزل', quantity: 1, unit_price: 2_800_000, insurance_share: 1_200_000, discount: 0 },
        { title: 'تزریق عضلانی', quantity: 2, unit_price: 450_000, insurance_share: 0, discount: 0 },
        { title: 'ایاب‌وذهاب پرستار', quantity: 1, unit_price: 600_000, insurance_share: 0, discount: 200_000 },
      ],
      due_at: tehranInstant(visitDay, '23:59').toISOString(),
    },
    { issuedBy: 'demo', siteUrl, now: new Date(now.getTime() - DAY + HOUR) },
  );
}

/**
 * The demo patient's visit day (demo/visit-day.ts), on every start of a demo install that has her:
 * each day a new user comes to it, today's queue is there. Answers the doctor's id when it seeded one.
 */
export async function seedDemoPatientVisitDay(db: Db, now: Date, booking: BookingContext = bookingContext()): Promise<string | undefined> {
  const patient = await findAccountByNationalCode(db, DEMO_PATIENT.internationalCode);
  if (!patient || patient.phoneNumber !== DEMO_PATIENT.phoneNumber) return undefined;
  return seedDemoVisitDay(db, { booking, patient, now });
}

/**
 * The waitlist's full doctor (demo/waitlist.ts), filled again on every start of a demo install that
 * has the demo patient: the booking window opens a new day each day. Answers the doctor's id.
 */
export async function fillDemoWaitlistDoctor(db: Db, now: Date, booking: BookingContext = bookingContext()): Promise<string | undefined> {
  const patient = await findAccountByNationalCode(db, DEMO_PATIENT.internationalCode);
  if (!patient || patient.phoneNumber !== DEMO_PATIENT.phoneNumber) return undefined;
  return fillDemoFullDoctor(db, { ctx: booking, now });
}
