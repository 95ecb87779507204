import type { Invoice, InvoiceIssuer, InvoiceLink, PublicInvoice } from '#lib/api/contracts/invoices.ts';
import type { InvoiceLinkRow, InvoiceRow } from './repository.ts';

/** What an invoice needs besides its row: the patient's name and the request it prices. */
export interface InvoiceExtras {
  patient: { firstName: string; lastName: string };
  request?: { key: string; serviceName: string };
}

/** The hospital on invoices and their prints (PUBLIC_HOSPITAL_NAME, PUBLIC_HOSPITAL_PHONE, HOSPITAL_ADDRESS). */
export function invoiceIssuer(): InvoiceIssuer {
  const phone = process.env.PUBLIC_HOSPITAL_PHONE;
  const address = process.env.HOSPITAL_ADDRESS;
  return { name: process.env.PUBLIC_HOSPITAL_NAME || 'بیمارستان نمونه', ...(phone ? { phone } : {}), ...(address ? { address } : {}) };
}

function totals(row: InvoiceRow) {
  return {
    total: row.total,
    insurance_total: row.insuranceTotal,
    discount_total: row.discountTotal,
    payable: row.payable,
    paid: row.status === 'paid' ? row.payable : 0,
  };
}

export function toInvoice(row: InvoiceRow, extras: InvoiceExtras): Invoice {
  return {
    key: row.key,
    status: row.status,
    items: row.items,
    ...totals(row),
    ...(row.dueAt ? { due_at: row.dueAt.toISOString() } : {}),
    ...(extras.request ? { service_request_key: extras.request.key, service_name: extras.request.serviceName } : {}),
    patient: { first_name: extras.patient.firstName, last_name: extras.patient.lastName },
    issuer: invoiceIssuer(),
    issued_at: row.issuedAt.toISOString(),
    ...(row.paidAt ? { paid_at: row.paidAt.toISOString() } : {}),
    paid_from_wallet: row.paidFromWallet,
    paid_by_bank: row.paidByBank,
    ...(row.paidByLink ? { paid_by_link: true } : {}),
    ...(row.voidedAt ? { voided_at: row.voidedAt.toISOString() } : {}),
    ...(row.voidReason ? { void_reason: row.voidReason } : {}),
    ...(row.paymentId && row.status === 'unpaid' ? { payment_id: row.paymentId } : {}),
  };
}

/** «مریم رضایی» → «م*** ر***»: each word's first letter, then three stars. */
export function maskName(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .join(' ')
    .split(/[\s\u200C]+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');
}

/** The public link's view: no national code, no phone, no wallet, the name masked. */
export function toPublicInvoice(row: InvoiceRow, extras: InvoiceExtras): PublicInvoice {
  return {
    key: row.key,
    status: row.status,
    items: row.items,
    ...totals(row),
    ...(row.dueAt ? { due_at: row.dueAt.toISOString() } : {}),
    ...(extras.request ? { service_name: extras.request.serviceName } : {}),
    patient_masked: maskName(extras.patient.firstName, extras.patient.lastName),
    issuer: invoiceIssuer(),
    issued_at: row.issuedAt.toISOString(),
    ...(row.paidAt ? { paid_at: row.paidAt.toISOString() } : {}),
    can_pay: row.status === 'unpaid' && row.payable > 0,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the invoice's public links stop opening: `days` after it was paid or voided; null while it
 * is unpaid (a relative may still need to pay it).
 */
export function linksExpireAt(row: InvoiceRow, days: number): Date | null {
  if (row.status === 'unpaid') return null;
  const settled = (row.status === 'paid' ? row.paidAt : row.voidedAt) ?? row.issuedAt;
  return new Date(settled.getTime() + days * DAY_MS);
}

/** Whether `link` of invoice `row` opens at `now`: not revoked, and not past the invoice's link expiry. */
export function linkIsLive(link: InvoiceLinkRow, row: InvoiceRow, days: number, now: Date): boolean {
  const expiresAt = linksExpireAt(row, days);
  return link.revokedAt === null && (expiresAt === null || expiresAt > now);
}

export function toInvoiceLink(link: InvoiceLinkRow, expiresAt: Date | null): InvoiceLink {
  return { id: link.id, created_by: link.createdBy, created_at: link.createdAt.toISOString(), ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}) };
}
