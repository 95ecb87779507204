import { atom, onMount } from 'nanostores';
import { fetchInvoices } from '#client/api/invoices.ts';
import type { Invoice, InvoicesAnswer } from '#lib/api/contracts/invoices.ts';
import { readInvoicesView, writeInvoicesView, type InvoicesView } from '#lib/invoices/list-view.ts';
import { $token } from './auth.ts';
import type { Loadable } from './wallet.ts';

/**
 * /sr/invoice: the patient's invoices by filter (unpaid, paid, all), one page at a time; the view
 * lives in the address (lib/invoices/list-view.ts).
 */

export { INVOICE_FILTERS, type InvoiceFilter, type InvoicesView } from '#lib/invoices/list-view.ts';

/** Invoices per page of /sr/invoice. */
export const INVOICES_PER_PAGE = 10;

export const $invoicesView = atom<InvoicesView>({ status: 'all', page: 1 });
export const $invoices = atom<Loadable<{ items: Invoice[]; meta: InvoicesAnswer['meta'] }>>({ status: 'loading' });
/** The unpaid invoices' count and sum from the latest answer (every filter's answer carries them). */
export const $unpaidSummary = atom<{ count: number; total: number } | undefined>(undefined);

let listCall = 0;
/** Loads the page the view selects; an older answer arriving late is dropped. */
export async function loadInvoices({ quiet = false } = {}): Promise<void> {
  if (!$token.get()) return;
  const call = ++listCall;
  const { status, page } = $invoicesView.get();
  if (!quiet || $invoices.get().status !== 'ready') $invoices.set({ status: 'loading' });
  try {
    const { data, meta } = await fetchInvoices({ status, page, per_page: INVOICES_PER_PAGE });
    if (call === listCall) {
      $invoices.set({ status: 'ready', data: { items: data, meta } });
      $unpaidSummary.set({ count: meta.unpaid_count, total: meta.unpaid_total });
    }
  } catch {
    if (call === listCall) $invoices.set({ status: 'failed' });
  }
}

/** Shows `view` and writes it into the address (a new history entry: Back returns to the previous filter). */
export function showInvoices(view: InvoicesView): void {
  $invoicesView.set(view);
  const search = writeInvoicesView(view);
  history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  void loadInvoices();
}

// The address is the source of the view: read at first, and again on Back and Forward.
onMount($invoices, () => {
  const fromAddress = () => {
    $invoicesView.set(readInvoicesView(location.search));
    void loadInvoices();
  };
  fromAddress();
  addEventListener('popstate', fromAddress);
  const stopToken = $token.listen((token) => {
    if (token) void loadInvoices();
  });
  return () => {
    removeEventListener('popstate', fromAddress);
    stopToken();
  };
});
