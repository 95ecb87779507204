import { atom } from 'nanostores';
import { fetchInvoices } from '#client/api/invoices.ts';
import type { Invoice, InvoicesAnswer } from '#lib/api/contracts/invoices.ts';
import { type InvoicesView, readInvoicesView, writeInvoicesView } from '#lib/invoices/list-view.ts';
import { createLoader, type Loadable, type Page, viewInAddress } from './loadable.ts';

/**
 * /sr/invoice: the patient's invoices by filter (unpaid, paid, all), one page at a time; the view
 * lives in the address (lib/invoices/list-view.ts).
 */

export { INVOICE_FILTERS, type InvoiceFilter, type InvoicesView } from '#lib/invoices/list-view.ts';

/** Invoices per page of /sr/invoice. */
export const INVOICES_PER_PAGE = 10;

export const $invoicesView = atom<InvoicesView>({ status: 'all', page: 1 });
export const $invoices = atom<Loadable<Page<Invoice, InvoicesAnswer['meta']>>>({ status: 'loading' });
/** The unpaid invoices' count and sum from the latest answer (every filter's answer carries them). */
export const $unpaidSummary = atom<{ count: number; total: number } | undefined>(undefined);

const list = createLoader({
  $store: $invoices,
  fetch: async () => {
    const { status, page } = $invoicesView.get();
    const { data, meta } = await fetchInvoices({ status, page, per_page: INVOICES_PER_PAGE });
    return { items: data, meta };
  },
  ready: (data) => {
    $invoices.set({ status: 'ready', data });
    $unpaidSummary.set({ count: data.meta.unpaid_count, total: data.meta.unpaid_total });
  },
});

/** Loads the page the view selects; an older answer arriving late is dropped. */
export const loadInvoices = list.load;

/**
 * Shows `view` and writes it into the address (a new history entry: Back returns to the previous
 * filter). The address is the source of the view: read at first, and again on Back and Forward.
 */
export const showInvoices = viewInAddress($invoices, {
  $view: $invoicesView,
  read: readInvoicesView,
  write: writeInvoicesView,
  load: () => void loadInvoices(),
});
