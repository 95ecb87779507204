import type { Invoice, InvoiceItem, InvoicesQuery, IssueInvoiceBody, VoidInvoiceBody } from '#lib/api/contracts/invoices.ts';
import { findAccount, findAccountByNationalCode } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { SYSTEM_ACCOUNTS } from '../ledger/accounts.ts';
import { lockWallet } from '../ledger/transfer.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { type Payable, payPayable, releasePayableEscrow, settlePayableMoney } from '../payments/payable.ts';
import { lockServiceRequest } from '../service-requests/repository.ts';
import type { Services } from '../service-requests/services.ts';
import { invoiceStatement, invoiceMessages as M } from './messages.ts';
import { type InvoiceExtras, linkIsLive, linksExpireAt, toInvoice, toInvoiceLink } from './present.ts';
import {
  findInvoice as findInvoiceByKey,
  findInvoiceOf,
  INVOICE_KEY_CONSTRAINT,
  type InvoiceRow,
  insertInvoice,
  listInvoicesOf,
  lockInvoice,
  requestOfInvoice,
  unpaidInvoicesOfRequest,
  unrevokedLinksOf,
  updateInvoice,
} from './repository.ts';

/** Settings the invoice rules need (env PAYMENT_TIMEOUT_MINUTES, PAYMENT_OPEN_LIMIT, INVOICE_LINK_DAYS_AFTER_SETTLED). */
export interface InvoiceSettings {
  paymentTimeoutMinutes: number;
  paymentOpenLimit: number;
  /** Days a public link keeps opening after the invoice is paid or voided. */
  linkDaysAfterSettled: number;
}

/** Only keys of our shape are looked up; anything else is simply not found. */
export function checkedInvoiceKey(key: string): string {
  if (!isBusinessKey('IN', key)) throw new AppError('not_found', M.notFound);
  return key;
}

/** The lines with their patient shares, and the totals (api.md: patient_share = quantity × unit_price − insurance_share − discount). */
export function priceLines(items: IssueInvoiceBody['items']): { items: InvoiceItem[]; total: number; insuranceTotal: number; discountTotal: number; payable: number } {
  const lines = items.map((item) => ({
    title: item.title,
    quantity: item.quantity,
    unit_price: item.unit_price,
    insurance_share: item.insurance_share,
    discount: item.discount,
    patient_share: item.quantity * item.unit_price - item.insurance_share - item.discount,
  }));
  const add = (pick: (line: InvoiceItem) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
  return {
    items: lines,
    total: add((line) => line.quantity * line.unit_price),
    insuranceTotal: add((line) => line.insurance_share),
    discountTotal: add((line) => line.discount),
    payable: add((line) => line.patient_share),
  };
}

/** The name and request an invoice shows: the request's patient when it prices one, else the account's holder. */
export async function extrasOf(db: Db, services: Services, row: InvoiceRow): Promise<InvoiceExtras> {
  if (row.serviceRequestId !== null) {
    const request = await requestOfInvoice(db, row.serviceRequestId);
    if (request) {
      return {
        patient: { firstName: request.patientFirstName, lastName: request.patientLastName },
        request: { key: request.key, serviceName: services.get(request.serviceId)?.name ?? request.serviceId },
      };
    }
  }
  const account = await findAccount(db, row.accountId);
  return { patient: { firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' } };
}

async function present(db: Db, services: Services, row: InvoiceRow): Promise<Invoice> {
  return toInvoice(row, await extrasOf(db, services, row));
}

/**
 * `GET /invoices/{key}`: one of the caller's invoices. With `links` (the link expiry in days and
 * the clock), also its live public links, so that the patient can see and revoke them.
 */
export async function getInvoice(
  db: Db,
  { services, accountId, key, links }: { services: Services; accountId: number; key: string; links?: { daysAfterSettled: number; now: Date } },
): Promise<Invoice> {
  const row = await findInvoiceOf(db, accountId, checkedInvoiceKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  const invoice = await present(db, services, row);
  if (!links) return invoice;
  const expiresAt = linksExpireAt(row, links.daysAfterSettled);
  const live = (await unrevokedLinksOf(db, row.id)).filter((link) => linkIsLive(link, row, links.daysAfterSettled, links.now));
  return { ...invoice, links: live.map((link) => toInvoiceLink(link, expiresAt)) };
}

export async function listInvoices(db: Db, services: Services, accountId: number, query: InvoicesQuery) {
  const page = await listInvoicesOf(db, accountId, query.status, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { items: await Promise.all(page.rows.map((row) => present(db, services, row))), total: page.total, unpaidCount: page.unpaidCount, unpaidTotal: page.unpaidTotal };
}

/** The invoices' side of the shared escrow: wallet money put towards a bank payment waits in "invoice holds". */
export const invoiceEscrow = { holds: SYSTEM_ACCOUNTS.invoiceHolds, statement: invoiceStatement } as const;

/** Returns the wallet money put aside for an unfinished bank payment (the caller holds the owner's wallet lock). */
export async function releaseEscrow(tx: Db, row: InvoiceRow, now: Date): Promise<InvoiceRow> {
  await releasePayableEscrow(tx, { ...invoiceEscrow, row, now });
  return updateInvoice(tx, row.id, { paidFromWallet: 0, paymentId: null });
}

/**
 * Marks an unpaid invoice paid, in the caller's transaction: what the bank paid and what waited in
 * "invoice holds" move to revenue. The caller holds the owner's wallet lock and the invoice's.
 */
export async function settleInvoice(tx: Db, row: InvoiceRow, paid: { byBank: number; paymentId: string; byLink: boolean }, now: Date): Promise<InvoiceRow> {
  await settlePayableMoney(tx, {
    ...invoiceEscrow,
    row,
    bank: { amount: paid.byBank, paymentId: paid.paymentId, description: paid.byLink ? invoiceStatement.byLink(row.key) : invoiceStatement.bank(row.key) },
    now,
  });
  return updateInvoice(tx, row.id, { status: 'paid', paidByBank: paid.byBank, paidByLink: paid.byLink, paymentId: null, settledPaymentId: paid.paymentId, paidAt: now });
}

export type InvoicePayResult = { status: 'paid'; key: string; invoice: Invoice } | { status: 'awaiting_payment'; key: string; payment_id: string; redirect_url: string; amount: number };

/** Invoices as the pay workflow sees them: a retry gives back what the failed try set aside. */
export function invoicePayable(settings: InvoiceSettings): Payable<InvoiceRow> {
  return {
    purpose: 'invoice',
    ...invoiceEscrow,
    paidInto: SYSTEM_ACCOUNTS.revenue,
    notFound: M.notFound,
    lockOf: async (tx, accountId, key) => {
      const row = await lockInvoice(tx, key);
      return row?.accountId === accountId ? row : undefined;
    },
    standing: (row) => {
      if (row.status === 'paid') return 'settled';
      if (row.status === 'void') throw new AppError('conflict', M.isVoid);
      return 'open';
    },
    price: (row) => row.payable,
    forgetEscrow: releaseEscrow,
    settle: (tx, row, fromWallet, now) => updateInvoice(tx, row.id, { status: 'paid', paidFromWallet: fromWallet, paidAt: now }),
    awaitBank: (tx, row, { fromWallet, payment }) => updateInvoice(tx, row.id, { paidFromWallet: fromWallet, paymentId: payment.id }),
    bankOrder: (row) => ({ returnPath: `/sr/invoice/show/${row.key}`, timeoutMinutes: settings.paymentTimeoutMinutes, maxOpen: settings.paymentOpenLimit }),
  };
}

export interface PayInvoiceRequest {
  services: Services;
  settings: InvoiceSettings;
  gateway: PaymentGateway['name'];
  accountId: number;
  key: string;
  useWallet: boolean;
  now: Date;
}

/**
 * `POST /invoices/{key}/pay` `{use_wallet}`: the wallet first when asked. When it covers the rest
 * the invoice is paid at once; otherwise the wallet part waits aside and a bank payment is opened
 * for the rest. A repeat while that payment is open returns it. Locks: the wallet, then the invoice.
 */
export async function payInvoice(db: Db, request: PayInvoiceRequest): Promise<InvoicePayResult> {
  const { key } = request;
  checkedInvoiceKey(key);
  const outcome = await payPayable(db, {
    payable: invoicePayable(request.settings),
    accountId: request.accountId,
    key,
    useWallet: request.useWallet,
    gateway: request.gateway,
    now: request.now,
  });
  if (outcome.kind === 'bank') {
    return { status: 'awaiting_payment', key, payment_id: outcome.payment.id, redirect_url: `/go-to-bank?payment=${outcome.payment.id}`, amount: outcome.payment.amount };
  }
  if (outcome.kind === 'lapsed') throw new Error('an invoice does not lapse');
  return { status: 'paid', key, invoice: await present(db, request.services, outcome.row) };
}

/** `POST /invoices/{key}/void` (hospital): only while unpaid; wallet money waiting for it goes back. */
export async function voidInvoice(
  db: Db,
  { services, key, body, now }: { services: Services; key: string; body: VoidInvoiceBody; now: Date },
): Promise<{ invoice: Invoice; fresh: boolean }> {
  checkedInvoiceKey(key);
  const owner = await findInvoiceByKey(db, key);
  if (!owner) throw new AppError('not_found', M.notFound);
  const outcome = await db.transaction(async (tx) => {
    await lockWallet(tx, owner.accountId);
    const row = await lockInvoice(tx, key);
    if (!row) throw new AppError('not_found', M.notFound);
    if (row.status === 'void') return { row, fresh: false };
    if (row.status !== 'unpaid') throw new AppError('conflict', M.notVoidable);
    const released = row.paymentId || row.paidFromWallet > 0 ? await releaseEscrow(tx, row, now) : row;
    return { row: await updateInvoice(tx, released.id, { status: 'void', voidedAt: now, voidReason: body.reason }), fresh: true };
  });
  return { invoice: await present(db, services, outcome.row), fresh: outcome.fresh };
}

/**
 * A request that ended without the service (cancelled or rejected) takes its unpaid invoices with
 * it, in the caller's transaction (which holds the request's lock): each becomes void with `reason`,
 * and wallet money waiting for one goes back. Locks: each owner's wallet, then the invoice.
 * Returns the keys voided.
 */
export async function voidInvoicesOfRequest(tx: Db, requestId: number, reason: string, now: Date): Promise<string[]> {
  const voided: string[] = [];
  for (const candidate of await unpaidInvoicesOfRequest(tx, requestId)) {
    await lockWallet(tx, candidate.accountId);
    const row = await lockInvoice(tx, candidate.key);
    if (row?.status !== 'unpaid') continue;
    const released = row.paymentId || row.paidFromWallet > 0 ? await releaseEscrow(tx, row, now) : row;
    await updateInvoice(tx, released.id, { status: 'void', voidedAt: now, voidReason: reason });
    voided.push(row.key);
  }
  return voided;
}

/**
 * Who an invoice is issued to (`POST /invoices`): the account with this national code and phone; or,
 * for an invoice that prices a request, the account that made the request (the national code may be
 * the relative's it was made for). Takes the request's lock, so it cannot be cancelled meanwhile.
 */
export async function invoiceOwner(tx: Db, body: IssueInvoiceBody): Promise<{ accountId: number; phone: string; requestId: number | null }> {
  const { international_code: code, phone_number: phone } = body.patient;
  if (body.service_request_key) {
    const request = await lockServiceRequest(tx, body.service_request_key);
    if (!request) throw new AppError('not_found', M.requestNotFound);
    if (request.status === 'cancelled' || request.status === 'rejected') throw new AppError('conflict', M.requestClosed);
    const holder = await findAccount(tx, request.accountId);
    const codeMatches = request.patientNationalCode === code || holder?.internationalCode === code;
    if (!holder || !codeMatches) throw new AppError('invalid_input', M.requestOfAnother, { errors: { 'patient.international_code': [M.requestOfAnother] } });
    if (holder.phoneNumber !== phone) throw new AppError('invalid_input', M.patientPhoneMismatch, { errors: { 'patient.phone_number': [M.patientPhoneMismatch] } });
    return { accountId: holder.id, phone: holder.phoneNumber, requestId: request.id };
  }
  const account = await findAccountByNationalCode(tx, code);
  if (!account) throw new AppError('invalid_input', M.patientNotFound, { errors: { 'patient.international_code': [M.patientNotFound] } });
  if (account.phoneNumber !== phone) throw new AppError('invalid_input', M.patientPhoneMismatch, { errors: { 'patient.phone_number': [M.patientPhoneMismatch] } });
  return { accountId: account.id, phone: account.phoneNumber, requestId: null };
}

/** Inserts the invoice (the caller's transaction): unpaid, or paid at once when nothing is left for the patient. */
export async function insertIssuedInvoice(
  tx: Db,
  { owner, body, issuedBy, now }: { owner: { accountId: number; requestId: number | null }; body: IssueInvoiceBody; issuedBy: string; now: Date },
): Promise<InvoiceRow> {
  const priced = priceLines(body.items);
  return withFreshKey(tx, 'IN', INVOICE_KEY_CONSTRAINT, (db2, key) =>
    insertInvoice(db2, {
      key,
      accountId: owner.accountId,
      serviceRequestId: owner.requestId,
      items: priced.items,
      total: priced.total,
      insuranceTotal: priced.insuranceTotal,
      discountTotal: priced.discountTotal,
      payable: priced.payable,
      status: priced.payable === 0 ? 'paid' : 'unpaid',
      paidAt: priced.payable === 0 ? now : null,
      dueAt: body.due_at ? new Date(body.due_at) : null,
      issuedBy,
      issuedAt: now,
    }),
  );
}
