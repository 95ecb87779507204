/** The hospital's invoice calls: issuing (with its public link by SMS) and voiding. */
import type { IssueInvoiceBody, VoidInvoiceBody } from '#lib/api/contracts/invoices.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import type { Services } from '../service-requests/service.ts';
import { invoiceSms } from './messages.ts';
import { invoiceLinkPath, newInvoiceLink } from './links.ts';
import { findInvoice } from './repository.ts';
import { insertIssuedInvoice, invoiceOwner, voidInvoice } from './service.ts';

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
    const inner = tx as unknown as Db;
    const owner = await invoiceOwner(inner, body);
    const row = await insertIssuedInvoice(inner, owner, body, options.issuedBy, options.now);
    const token = row.status === 'unpaid' ? await newInvoiceLink(inner, row.id, 'hospital', options.now) : undefined;
    return { row, phone: owner.phone, token };
  });
  const url = issued.token ? new URL(invoiceLinkPath(issued.token), options.siteUrl).href : undefined;
  if (url) {
    try {
      await notify(issued.phone, invoiceSms.issued(issued.row.key, issued.row.payable, url));
    } catch (error) {
      logError('Telling the patient about an invoice failed', error);
    }
  }
  return { key: issued.row.key, status: issued.row.status === 'paid' ? 'paid' : 'unpaid', payable: issued.row.payable, ...(url ? { url } : {}) };
}

/** `POST /invoices/{key}/void`: the patient is told by SMS (once). */
export async function voidInvoiceForHospital(db: Db, services: Services, key: string, body: VoidInvoiceBody, now: Date) {
  const { invoice, fresh } = await voidInvoice(db, services, key, body, now);
  if (fresh) {
    const row = await findInvoice(db, invoice.key);
    const account = row ? await findAccount(db, row.accountId) : undefined;
    if (account) await notify(account.phoneNumber, invoiceSms.voided(invoice.key, body.reason));
  }
  return invoice;
}
