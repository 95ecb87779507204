import { atom } from 'nanostores';
import * as invoicesApi from '#client/api/invoices.ts';
import type { Invoice, InvoiceLink } from '#lib/api/contracts/invoices.ts';
import type { Payment } from '#lib/api/contracts/wallet.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { createLoader, type Loadable, onLogin } from './loadable.ts';
import { loadWallet } from './wallet.ts';

/**
 * /sr/invoice/show/{key}: one invoice of the patient's, paying it (wallet and/or bank), a public
 * link for someone else to pay it, and the paper it is printed on.
 */

export const $invoice = atom<Loadable<Invoice>>({ status: 'loading' });
/** The bank payment the invoice waits for, when one is open (its expiry). */
export const $openPayment = atom<Payment | undefined>(undefined);

export type ShareState = { status: 'idle' } | { status: 'creating' } | { status: 'ready'; url: string; id: number } | { status: 'failed'; message: string };
/** The public link shown on this visit (the invoice's live one), until it is revoked. */
export const $invoiceShare = atom<ShareState>({ status: 'idle' });

export const PAPERS = ['a4', 'receipt'] as const;
export type Paper = (typeof PAPERS)[number];
/** The paper the next print uses; `<html data-paper>` carries it to the print styles. */
export const $paper = atom<Paper>('a4');

let shownKey = '';

function show(invoice: Invoice): void {
  $invoice.set({ status: 'ready', data: invoice });
  if (invoice.payment_id) void loadOpenPayment(invoice.payment_id);
  else $openPayment.set(undefined);
}

async function loadOpenPayment(paymentId: string): Promise<void> {
  try {
    const { data } = await invoicesApi.fetchPayment(paymentId);
    const shown = $invoice.get();
    if (shown.status === 'ready' && shown.data.payment_id === paymentId) $openPayment.set(data);
  } catch {
    $openPayment.set(undefined);
  }
}

const invoice = createLoader({
  $store: $invoice,
  fetch: async () => (await invoicesApi.fetchInvoice(shownKey)).data,
  ready: show,
  // A refresh that fails keeps the shown invoice.
  failed: (_error, quiet) => {
    if (!quiet || $invoice.get().status !== 'ready') $invoice.set({ status: 'failed' });
  },
});

/** Reads the invoice (again); `quiet` keeps the shown one on screen until the answer comes. */
export function loadInvoice(options: { quiet?: boolean } = {}): Promise<void> {
  return shownKey ? invoice.load(options) : Promise.resolve();
}

/**
 * Starts the page for invoice `key`: loads it now, after a login, and again when the page comes
 * back from the back/forward cache (the bank may have settled it meanwhile). Returns the cleanup.
 */
export function openInvoice(key: string): () => void {
  shownKey = key;
  $invoiceShare.set({ status: 'idle' });
  void loadInvoice();
  const stopToken = onLogin(() => void loadInvoice());
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void loadInvoice({ quiet: true });
  };
  addEventListener('pageshow', onPageShow);
  return () => {
    stopToken();
    removeEventListener('pageshow', onPageShow);
  };
}

/**
 * `POST /invoices/{key}/pay`: paid at once (shown, and the wallet and the header refreshed), or off
 * to the bank for the rest. Rejects with the failed call; a refusal (paid or void meanwhile)
 * reloads the invoice first.
 */
export async function payShownInvoice(useWallet: boolean): Promise<'paid' | 'bank'> {
  try {
    const { data } = await invoicesApi.payInvoice(shownKey, { use_wallet: useWallet });
    if (data.status === 'paid') {
      show(data.invoice);
      // The pay answer leaves out the live links; their expiry starts now, so read them again.
      void loadInvoice({ quiet: true });
      void loadWallet({ quiet: true });
      return 'paid';
    }
    location.assign(data.redirect_url);
    return 'bank';
  } catch (error) {
    const status = describeFailure(error).status;
    if (status === 406 || status === 409) await loadInvoice({ quiet: true });
    throw error;
  }
}

/** `POST /invoices/{key}/share`: the public link, absolute, for the patient to send. */
export async function createShareLink(): Promise<void> {
  if ($invoiceShare.get().status === 'creating') return;
  $invoiceShare.set({ status: 'creating' });
  try {
    const { data } = await invoicesApi.shareInvoice(shownKey);
    $invoiceShare.set({ status: 'ready', url: new URL(data.url, location.origin).href, id: data.id });
    const { token: _token, url: _url, ...link } = data;
    withLinks((links) => (links.some((shown) => shown.id === link.id) ? links : [link, ...links]));
  } catch (error) {
    const failure = describeFailure(error);
    // 401 opens the login popup and 5xx or no network a toast (the error policy); the rest is told here.
    const told = failure.status !== undefined && failure.status < 500 && failure.status !== 401;
    $invoiceShare.set(told ? { status: 'failed', message: failure.message } : { status: 'idle' });
    if (failure.status === 409) void loadInvoice({ quiet: true });
  }
}

/** Changes the shown invoice's list of live links. */
function withLinks(change: (links: InvoiceLink[]) => InvoiceLink[]): void {
  const shown = $invoice.get();
  if (shown.status === 'ready') $invoice.set({ status: 'ready', data: { ...shown.data, links: change(shown.data.links ?? []) } });
}

/**
 * `POST /invoices/{key}/links/{id}/revoke`: the link stops opening and leaves the list. A link
 * already gone (revoked in another tab, or expired) leaves it too. Rejects with any other failure.
 */
export async function revokeShownInvoiceLink(id: number): Promise<void> {
  try {
    await invoicesApi.revokeInvoiceLink(shownKey, id);
  } catch (error) {
    if (describeFailure(error).status !== 404) throw error;
    void loadInvoice({ quiet: true });
  }
  withLinks((links) => links.filter((link) => link.id !== id));
  const share = $invoiceShare.get();
  if (share.status === 'ready' && share.id === id) $invoiceShare.set({ status: 'idle' });
}

/** Chooses the paper of the next print: A4, or an 80 mm receipt roll. */
export function choosePaper(paper: Paper): void {
  $paper.set(paper);
  if (paper === 'a4') delete document.documentElement.dataset.paper;
  else document.documentElement.dataset.paper = paper;
}

export function printInvoice(): void {
  window.print();
}
