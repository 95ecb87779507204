/** The hospital's invoice calls: issuing (with its public link by SMS), voiding, and its view of an invoice. */
import type { InvoiceItem, InvoiceStatus, IssueInvoiceBody, VoidInvoiceBody } from '#lib/api/contracts/invoices.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { logError } from '../log.ts';
import type { Services } from '../service-requests/services.ts';
import { notify } from '../sms/notify.ts';
import { invoiceLinkPath, newInvoiceLink } from './links.ts';
import { invoiceSms, invoiceMessages as M } from './messages.ts';
import { findInvoice } from './repository.ts';
import { checkedInvoiceKey, extrasOf, insertIssuedInvoice, invoiceOwner, voidInvoice } from './service.ts';

export interface IssuedInvoice {
  key: string;
  status: 'unpaid' | 'paid';
  payable: number;
  /** The public link sent to the patient (absolute), while unpaid. */
  url?: string;
}

/** `POST /invoices`: issues it to the patient's account; the patient gets an SMS with the public link. */
export async function issueInvoice(db: Db, body: IssueInvoiceBody, options: { issuedBy: string; siteUrl: string; now: Date }): Promise<IssuedInvoice> {
  const issued = await db.transaction(async (tx) => {
    const owner = await invoiceOwner(tx, body);
    const row = await insertIssuedInvoice(tx, { owner, body, issuedBy: options.issuedBy, now: options.now });
    const token = row.status === 'unpaid' ? (await newInvoiceLink(tx, row.id, 'hospital', options.now)).token : undefined;
    return { row, phone: owner.phone, token };
  });
  const url = issued.token ? new URL(invoiceLinkPath(issued.token), options.siteUrl).href : undefined;
  if (url) {
    try {
      await notify(db, { to: issued.phone, text: invoiceSms.issued(issued.row.key, issued.row.payable, url), now: options.now });
    } catch (error) {
      logError('Telling the patient about an invoice failed', error);
    }
  }
  return { key: issued.row.key, status: issued.row.status === 'paid' ? 'paid' : 'unpaid', payable: issued.row.payable, ...(url ? { url } : {}) };
}

/** `POST /invoices/{key}/void`: the patient is told by SMS (once). */
export async function voidInvoiceForHospital(db: Db, { services, key, body, now }: { services: Services; key: string; body: VoidInvoiceBody; now: Date }) {
  const { invoice, fresh } = await voidInvoice(db, { services, key, body, now });
  if (fresh) {
    const row = await findInvoice(db, invoice.key);
    const account = row ? await findAccount(db, row.accountId) : undefined;
    if (account) await notify(db, { to: account.phoneNumber, text: invoiceSms.voided(invoice.key, body.reason), now });
  }
  return invoice;
}

/** An invoice as the hospital sees it (HospitalInvoiceSchema in lib/api/contracts/hospital.ts). */
export interface HospitalInvoice {
  key: string;
  status: InvoiceStatus;
  items: InvoiceItem[];
  total: number;
  insurance_total: number;
  discount_total: number;
  payable: number;
  paid: number;
  due_at?: string;
  service_request_key?: string;
  patient: { first_name: string; last_name: string; international_code: string; phone_number: string };
  issued_by: string;
  issued_at: string;
  paid_at?: string;
  paid_from_wallet: number;
  paid_by_bank: number;
  paid_by_link: boolean;
  voided_at?: string;
  void_reason?: string;
}

/** `GET /invoices/{key}` (hospital): any patient's invoice, with whom it was issued to; 404 for an unknown key. */
export async function invoiceForHospital(db: Db, services: Services, key: string): Promise<HospitalInvoice> {
  const row = await findInvoice(db, checkedInvoiceKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  const [extras, holder] = await Promise.all([extrasOf(db, services, row), findAccount(db, row.accountId)]);
  return {
    key: row.key,
    status: row.status,
    items: row.items,
    total: row.total,
    insurance_total: row.insuranceTotal,
    discount_total: row.discountTotal,
    payable: row.payable,
    paid: row.status === 'paid' ? row.payable : 0,
    ...(row.dueAt ? { due_at: row.dueAt.toISOString() } : {}),
    ...(extras.request ? { service_request_key: extras.request.key } : {}),
    patient: {
      first_name: extras.patient.firstName,
      last_name: extras.patient.lastName,
      international_code: holder?.internationalCode ?? '',
      phone_number: holder?.phoneNumber ?? '',
    },
    issued_by: row.issuedBy,
    issued_at: row.issuedAt.toISOString(),
    ...(row.paidAt ? { paid_at: row.paidAt.toISOString() } : {}),
    paid_from_wallet: row.paidFromWallet,
    paid_by_bank: row.paidByBank,
    paid_by_link: row.paidByLink,
    ...(row.voidedAt ? { voided_at: row.voidedAt.toISOString() } : {}),
    ...(row.voidReason ? { void_reason: row.voidReason } : {}),
  };
}
