import '../effects.ts';
import { formatBookingDay } from '#lib/appointments/when.ts';
import { formatTime } from '#lib/format/date.ts';
import { findAccount } from '../accounts/repository.ts';
import { doctorName } from '../appointments/context.ts';
import { findAppointment } from '../appointments/repository.ts';
import { getCatalogue } from '../catalogue/index.ts';
import { type Db, getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { findInvoice, requestOfInvoice } from '../invoices/repository.ts';
import { activeGateway } from './active-gateway.ts';
import { findPayment, type PaymentRow } from './repository.ts';
import { type BankHandOff, completePayment, startPayment } from './service.ts';

/** The payment /go-to-bank and /return-bank are about: `?payment=<id>`. */
async function paymentOf(db: Db, url: URL): Promise<PaymentRow | undefined> {
  return findPayment(db, url.searchParams.get('payment') ?? '');
}

/** Our callback for a payment: the gateway sends the browser back here. */
export function callbackUrl(paymentId: string): string {
  return new URL(`/return-bank?payment=${encodeURIComponent(paymentId)}`, env().PUBLIC_SITE_URL).href;
}

/** /go-to-bank: the payment and where to send the browser; undefined for no such payment. */
export async function handOffToBank(url: URL, now: Date): Promise<BankHandOff | undefined> {
  const db = await getDb();
  const payment = await paymentOf(db, url);
  if (!payment) return undefined;
  // A link payment is a stranger's: the account holder's mobile (the gateway's saved cards) is not theirs to use.
  const account = payment.payer === 'account' ? await findAccount(db, payment.accountId) : undefined;
  return startPayment(db, activeGateway(db), payment, { callbackUrl: callbackUrl(payment.id), ...(account ? { mobile: account.phoneNumber } : {}), now });
}

/**
 * /return-bank: applies the gateway's callback (Authority, and Status which only informs: the
 * gateway's verify decides) and returns the payment as it stands; undefined for no such payment.
 */
export async function receiveFromBank(paymentId: string, authority: string | null, now: Date): Promise<PaymentRow | undefined> {
  const db = await getDb();
  return completePayment(db, activeGateway(db), { paymentId, authority }, now);
}

export async function paymentForReceipt(url: URL): Promise<PaymentRow | undefined> {
  return paymentOf(await getDb(), url);
}

/**
 * What a receipt says the money was for, as label–value rows: the doctor and the visit's day and
 * time for an appointment, the invoice's key and service for an invoice; nothing more for a wallet
 * charge (its purpose says it all). Only what the payment's own secret link may show: a link
 * payment's receipt names the invoice, never the patient.
 */
export async function receiptSubject(payment: PaymentRow): Promise<Array<[string, string]>> {
  if (!payment.target) return [];
  const db = await getDb();
  if (payment.purpose === 'appointment') {
    const appointment = await findAppointment(db, payment.target);
    if (!appointment) return [];
    return [
      ['پزشک', doctorName(getCatalogue().doctors.get(appointment.doctorId))],
      ['زمان نوبت', `${formatBookingDay(appointment.startsAt)}، ساعت ${formatTime(appointment.startsAt)}`],
    ];
  }
  if (payment.purpose === 'invoice') {
    const invoice = await findInvoice(db, payment.target);
    if (!invoice) return [];
    const request = invoice.serviceRequestId === null ? undefined : await requestOfInvoice(db, invoice.serviceRequestId);
    const service = request ? getCatalogue().services.get(request.serviceId)?.name : invoice.items[0]?.title;
    return [['صورت‌حساب', invoice.key], ...(service ? [['خدمت', service] as [string, string]] : [])];
  }
  return [];
}
