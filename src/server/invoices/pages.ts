/**
 * The public invoice page (`/sr/invoice/<token>`, no login): what it shows and what its plain HTML
 * form does, with the same per-address limits as the public API calls.
 */
import '../effects.ts';
import type { APIContext } from 'astro';
import type { PublicInvoice } from '#lib/api/contracts/invoices.ts';
import { clientAddress } from '../client-address.ts';
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { publicInvoiceLimit, publicPayLimit } from './limits.ts';
import { payByLink, publicInvoice } from './links.ts';
import { catalogueServices, invoiceSettings } from './settings.ts';

type Caller = Pick<APIContext, 'request' | 'clientAddress'>;

/** Unknown (or malformed) token, or too many requests from this address. */
export type PublicRefusal = { kind: 'missing'; message: string } | { kind: 'limited'; message: string; retryAfter: number };

export type PublicInvoiceView = { kind: 'invoice'; invoice: PublicInvoice } | PublicRefusal;

export type PublicPayOutcome =
  /** Off to the bank: /go-to-bank?payment=… */
  | { kind: 'bank'; url: string }
  /** Paid or voided meanwhile: the page says so and shows the invoice as it is now. */
  | { kind: 'refused'; message: string }
  | PublicRefusal;

function refusal(error: unknown): PublicRefusal {
  if (error instanceof AppError && error.code === 'not_found') return { kind: 'missing', message: error.message };
  if (error instanceof AppError && error.code === 'rate_limited') return { kind: 'limited', message: error.message, retryAfter: Math.max(1, Math.ceil(error.retryAfter ?? 60)) };
  throw error;
}

/** GET: the invoice with the patient's name masked; the same answer for every unknown token. */
export async function showPublicInvoice(caller: Caller, token: string, now: Date): Promise<PublicInvoiceView> {
  try {
    const db = await getDb();
    await publicInvoiceLimit.consume(clientAddress(caller), db, now);
    return { kind: 'invoice', invoice: await publicInvoice(db, { services: catalogueServices(), settings: invoiceSettings(), token, now }) };
  } catch (error) {
    return refusal(error);
  }
}

/** POST (the page's form): a bank payment of the whole amount by whoever holds the link. */
export async function payPublicInvoice(caller: Caller, token: string, now: Date): Promise<PublicPayOutcome> {
  try {
    const db = await getDb();
    await publicPayLimit.consume(clientAddress(caller), db, now);
    const payment = await payByLink(db, { settings: invoiceSettings(), gateway: env().PAYMENT_GATEWAY, token, now });
    return { kind: 'bank', url: payment.redirect_url };
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return { kind: 'refused', message: error.message };
    return refusal(error);
  }
}
