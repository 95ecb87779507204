/**
 * What /sr/invoice shows, as its query string keeps it (so a reload, Back or a shared link opens the
 * same list): `status` (all, unpaid, paid) and `page`. Anything unreadable falls back to the first
 * page of all invoices.
 */
import { queryOf, readChoice, readPage, writeListQuery } from '../list-view.ts';

export const INVOICE_FILTERS = ['all', 'unpaid', 'paid'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export interface InvoicesView {
  status: InvoiceFilter;
  page: number;
}

export function readInvoicesView(search: string | URLSearchParams): InvoicesView {
  const query = queryOf(search);
  return { status: readChoice(query, 'status', INVOICE_FILTERS) ?? 'all', page: readPage(query) };
}

/** The query string for `view` ('' for the first page of all invoices). */
export function writeInvoicesView(view: InvoicesView): string {
  return writeListQuery({ status: view.status === 'all' ? undefined : view.status }, view.page);
}
