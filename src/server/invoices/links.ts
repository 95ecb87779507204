/**
 * Public invoice links (`/sr/invoice/<token>`): anyone holding one sees the invoice with the
 * patient's name masked and may pay it by bank. A link stops paying once the invoice is paid or
 * void, and stops opening at all a set time after that (INVOICE_LINK_DAYS_AFTER_SETTLED) or once
 * the patient revokes it; then it answers the same 404 as a token that never existed.
 *
 * The token is derived, not stored: HMAC-SHA256 under APP_SECRET of a 128-bit random nonce kept
 * in the row, cut to 128 bits. The row keeps the nonce and the token's SHA-256. So the patient's
 * share can hand out the newest live link again (one link per invoice, not one per tap), while a
 * copy of the database alone opens nothing: without the key the nonce says nothing of the token.
 */
import { createHmac } from 'node:crypto';
import { type InvoiceLink, type PublicInvoice, SHARE_TOKEN_PATTERN } from '#lib/api/contracts/invoices.ts';
import { hashToken, sameHash } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { newCapabilityId } from '../keys.ts';
import { lockWallet } from '../ledger/transfer.ts';
import { refusal, takeAllowance } from '../limits/service.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { createPayment } from '../payments/service.ts';
import { appSecret } from '../secret.ts';
import type { Services } from '../service-requests/services.ts';
import { invoiceMessages as M } from './messages.ts';
import { linkIsLive, toInvoiceLink, toPublicInvoice } from './present.ts';
import { countUnrevokedLinksOf, findInvoiceOf, type InvoiceLinkRow, insertLink, linkByTokenHash, lockInvoice, revokeLink, unrevokedLinksOf } from './repository.ts';
import { checkedInvoiceKey, extrasOf, type InvoiceSettings } from './service.ts';

/** Links one invoice may have open at once (revoked and expired ones do not count). */
export const MAX_LINKS_PER_INVOICE = 20;
/**
 * Links one invoice may get in a day, revoked ones included: share reuses the live link, so only a
 * revoke-and-share loop comes near this; it bounds the rows such a loop writes.
 */
export const MAX_NEW_LINKS_PER_DAY = 50;
/** Link payments of one invoice that may wait at the bank at once. */
export const MAX_OPEN_LINK_PAYMENTS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export const invoiceLinkPath = (token: string) => `/sr/invoice/${token}`;

/** The token of a link made from `nonce` (22 characters of base64url, 128 bits). */
function tokenOfNonce(nonce: string): string {
  return createHmac('sha256', appSecret()).update(`invoice-link:${nonce}`).digest().subarray(0, 16).toString('base64url');
}

/** The link's token again, when it can be derived (made from a nonce, under today's APP_SECRET). */
function recoveredToken(link: InvoiceLinkRow): string | undefined {
  if (!link.tokenNonce) return undefined;
  const token = tokenOfNonce(link.tokenNonce);
  return sameHash(hashToken(token), link.tokenHash) ? token : undefined;
}

/**
 * A fresh link to the unpaid invoice (the caller's transaction, under the invoice's row lock).
 * Refused while the invoice has MAX_LINKS_PER_INVOICE open links, or MAX_NEW_LINKS_PER_DAY were
 * made in the past day.
 */
export async function newInvoiceLink(tx: Db, invoiceId: number, createdBy: 'patient' | 'hospital', now: Date): Promise<{ token: string; link: InvoiceLinkRow }> {
  if ((await countUnrevokedLinksOf(tx, invoiceId)) >= MAX_LINKS_PER_INVOICE) throw new AppError('conflict', M.tooManyLinks(MAX_LINKS_PER_INVOICE));
  const opensAt = await takeAllowance(tx, { bucket: 'invoice-new-link', subject: String(invoiceId) }, [{ max: MAX_NEW_LINKS_PER_DAY, ms: DAY_MS }], now);
  if (opensAt !== 0) throw refusal(M.tooManyNewLinks, opensAt, now);
  const nonce = newCapabilityId();
  const token = tokenOfNonce(nonce);
  const link = await insertLink(tx, { invoiceId, tokenHash: hashToken(token), tokenNonce: nonce, createdBy, createdAt: now });
  return { token, link };
}

/**
 * `POST /invoices/{key}/share`: a link for an unpaid invoice of the caller's: the newest live one
 * while there is one (so a patient who shares twice sends one link), else a new one. Under the
 * invoice's row lock, so concurrent shares agree on one link (nor can a share slip past a void).
 */
export async function shareInvoice(db: Db, accountId: number, key: string, now: Date): Promise<InvoiceLink & { url: string; token: string }> {
  checkedInvoiceKey(key);
  if (!(await findInvoiceOf(db, accountId, key))) throw new AppError('not_found', M.notFound);
  const shared = await db.transaction(async (tx) => {
    const row = await lockInvoice(tx, key);
    if (!row || row.accountId !== accountId) throw new AppError('not_found', M.notFound);
    if (row.status === 'paid') throw new AppError('conflict', M.alreadyPaid);
    if (row.status === 'void') throw new AppError('conflict', M.isVoid);
    // Unpaid: every link that is not revoked is live.
    for (const link of await unrevokedLinksOf(tx, row.id)) {
      const token = recoveredToken(link);
      if (token) return { token, link };
    }
    return newInvoiceLink(tx, row.id, 'patient', now);
  });
  return { ...toInvoiceLink(shared.link, null), url: invoiceLinkPath(shared.token), token: shared.token };
}

/** `POST /invoices/{key}/links/{id}/revoke`: the link opens nothing from now on (404 for an unknown or revoked one). */
export async function revokeInvoiceLink(db: Db, { accountId, key, linkId, now }: { accountId: number; key: string; linkId: number; now: Date }): Promise<{ id: number; revoked: true }> {
  checkedInvoiceKey(key);
  const revoked = await db.transaction(async (tx) => {
    // The share's lock: a share cannot hand out the link this revokes.
    const row = await lockInvoice(tx, key);
    if (!row || row.accountId !== accountId) throw new AppError('not_found', M.notFound);
    return revokeLink(tx, row.id, linkId, now);
  });
  if (!revoked) throw new AppError('not_found', M.linkMissing);
  return { id: linkId, revoked: true };
}

/** The invoice a live link opens; the same 404 for unknown, malformed, revoked and expired tokens. */
async function invoiceOfToken(db: Db, days: number, token: string, now: Date) {
  const found = SHARE_TOKEN_PATTERN.test(token) ? await linkByTokenHash(db, hashToken(token)) : undefined;
  if (!found || !linkIsLive(found.link, found.invoice, days, now)) throw new AppError('not_found', M.linkNotFound);
  return found.invoice;
}

/** `GET /public/invoices/{token}`: the masked view; the same 404 for any token that does not open. */
export async function publicInvoice(
  db: Db,
  { services, settings, token, now }: { services: Services; settings: Pick<InvoiceSettings, 'linkDaysAfterSettled'>; token: string; now: Date },
): Promise<PublicInvoice> {
  const row = await invoiceOfToken(db, settings.linkDaysAfterSettled, token, now);
  return toPublicInvoice(row, await extrasOf(db, services, row));
}

/**
 * `POST /public/invoices/{token}/pay`: a bank payment of the whole amount, paid by whoever holds the
 * link (`payer: link`). It settles the invoice, never a wallet; if the invoice is settled first by
 * someone else, the money is owed back to the card (payments service).
 */
export async function payByLink(
  db: Db,
  { settings, gateway, token, now }: { settings: InvoiceSettings; gateway: PaymentGateway['name']; token: string; now: Date },
): Promise<{ payment_id: string; redirect_url: string }> {
  const found = await invoiceOfToken(db, settings.linkDaysAfterSettled, token, now);
  const payment = await db.transaction(async (tx) => {
    await lockWallet(tx, found.accountId);
    const row = await lockInvoice(tx, found.key);
    if (!row) throw new AppError('not_found', M.linkNotFound);
    if (row.status === 'paid') throw new AppError('conflict', M.alreadyPaid);
    if (row.status === 'void') throw new AppError('conflict', M.isVoid);
    return createPayment(tx, {
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
