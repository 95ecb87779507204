/**
 * What /sr/invoice shows, as its query string keeps it (so a reload, Back or a shared link opens the
 * same list): `status` (all, unpaid, paid) and `page`. Anything unreadable falls back to the first
 * page of all invoices.
 */

export const INVOICE_FILTERS = ['all', 'unpaid', 'paid'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export interface InvoicesView {
  status: InvoiceFilter;
  page: number;
}

const isFilter = (value: string | null): value is InvoiceFilter => (INVOICE_FILTERS as readonly (string | null)[]).includes(value);

export function readInvoicesView(search: string | URLSearchParams): InvoicesView {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = query.get('status');
  const page = Number(query.get('page'));
  return { status: isFilter(status) ? status : 'all', page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The query string for `view` ('' for the first page of all invoices). */
export function writeInvoicesView(view: InvoicesView): string {
  const query = new URLSearchParams();
  if (view.status !== 'all') query.set('status', view.status);
  if (view.page > 1) query.set('page', String(view.page));
  return query.toString();
}
