/**
 * Public invoice links (`/sr/invoice/<token>`): anyone holding one sees the invoice with the
 * patient's name masked and may pay it by bank. The token carries 128 random bits; only its
 * SHA-256 is stored. A link stops paying once the invoice is paid or void.
 */
import { SHARE_TOKEN_PATTERN, type PublicInvoice } from '#lib/api/contracts/invoices.ts';
import { hashToken } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { newCapabilityId } from '../keys.ts';
import { lockWallet } from '../ledger/transfer.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { createPayment } from '../payments/service.ts';
import type { Services } from '../service-requests/service.ts';
import { invoiceMessages as M } from './messages.ts';
import { toPublicInvoice } from './present.ts';
import { countLinksOf, findInvoiceOf, insertLink, invoiceByTokenHash, lockInvoice } from './repository.ts';
import { checkedInvoiceKey, extrasOf, type InvoiceSettings } from './service.ts';

/** Links one invoice may have (each share makes one). */
export const MAX_LINKS_PER_INVOICE = 20;
/** Link payments of one invoice that may wait at the bank at once. */
export const MAX_OPEN_LINK_PAYMENTS = 3;

export const invoiceLinkPath = (token: string) => `/sr/invoice/${token}`;

/** A fresh link to the invoice (the caller's transaction); returns its token. */
export async function newInvoiceLink(tx: Db, invoiceId: number, createdBy: 'patient' | 'hospital', now: Date): Promise<string> {
  if ((await countLinksOf(tx, invoiceId)) >= MAX_LINKS_PER_INVOICE) throw new AppError('rate_limited', M.tooManyLinks, { retryAfter: 3600 });
  const token = newCapabilityId();
  await insertLink(tx, { invoiceId, tokenHash: hashToken(token), createdBy, createdAt: now });
  return token;
}

/**
 * `POST /invoices/{key}/share`: a link for an unpaid invoice of the caller's. Under the invoice's
 * row lock, so concurrent shares cannot all pass the link count (nor a share slip past a void).
 */
export async function shareInvoice(db: Db, accountId: number, key: string, now: Date): Promise<{ url: string; token: string }> {
  checkedInvoiceKey(key);
  if (!(await findInvoiceOf(db, accountId, key))) throw new AppError('not_found', M.notFound);
  const token = await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    const row = await lockInvoice(inner, key);
    if (!row || row.accountId !== accountId) throw new AppError('not_found', M.notFound);
    if (row.status === 'paid') throw new AppError('conflict', M.alreadyPaid);
    if (row.status === 'void') throw new AppError('conflict', M.isVoid);
    return newInvoiceLink(inner, row.id, 'patient', now);
  });
  return { url: invoiceLinkPath(token), token };
}

async function invoiceOfToken(db: Db, token: string) {
  const row = SHARE_TOKEN_PATTERN.test(token) ? await invoiceByTokenHash(db, hashToken(token)) : undefined;
  if (!row) throw new AppError('not_found', M.linkNotFound);
  return row;
}

/** `GET /public/invoices/{token}`: the masked view; the same 404 for any unknown token. */
export async function publicInvoice(db: Db, services: Services, token: string): Promise<PublicInvoice> {
  const row = await invoiceOfToken(db, token);
  return toPublicInvoice(row, await extrasOf(db, services, row));
}

/**
 * `POST /public/invoices/{token}/pay`: a bank payment of the whole amount, paid by whoever holds the
 * link (`payer: link`). It settles the invoice, never a wallet; if the invoice is settled first by
 * someone else, the money is owed back to the card (payments service).
 */
export async function payByLink(db: Db, settings: InvoiceSettings, gateway: PaymentGateway['name'], token: string, now: Date): Promise<{ payment_id: string; redirect_url: string }> {
  const found = await invoiceOfToken(db, token);
  const payment = await db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await lockWallet(inner, found.accountId);
    const row = await lockInvoice(inner, found.key);
    if (!row) throw new AppError('not_found', M.linkNotFound);
    if (row.status === 'paid') throw new AppError('conflict', M.alreadyPaid);
    if (row.status === 'void') throw new AppError('conflict', M.isVoid);
    return createPayment(inner, {
      accountId: row.accountId,
      purpose: 'invoice',
      payer: 'link',
      amount: row.payable,
      target: row.key,
      // Not the link itself: only the token's hash is kept. The receipt at /return-bank says all the payer needs.
      returnPath: '/',
      gateway,
      timeoutMinutes: settings.paymentTimeoutMinutes,
      maxOpen: MAX_OPEN_LINK_PAYMENTS,
      now,
    });
  });
  return { payment_id: payment.id, redirect_url: `/go-to-bank?payment=${payment.id}` };
}
