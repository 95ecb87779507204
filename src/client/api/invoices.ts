import type { InvoiceAnswer, InvoiceLinkRevokeAnswer, InvoicePayAnswer, InvoicePayBody, InvoiceShareAnswer, InvoicesAnswer, InvoicesQuery } from '#lib/api/contracts/invoices.ts';
import type { PaymentAnswer } from '#lib/api/contracts/wallet.ts';
import { authApi, refusableFormApi } from './client.ts';

/**
 * The patient's invoice calls (spec/api.md «Service requests and invoices»); each needs a logged-in
 * patient. Paying and sharing leave a refusal (406, 409) and a 429 to the page to tell.
 */

/** One page of the patient's invoices, unpaid first; `meta` also counts and sums the unpaid ones. */
export const fetchInvoices = (query: Partial<InvoicesQuery>) => authApi<InvoicesAnswer>('/invoices', { method: 'GET', query });

export const fetchInvoice = (key: string) => authApi<InvoiceAnswer>(`/invoices/${encodeURIComponent(key)}`, { method: 'GET' });

/** Paid at once from the wallet, or a bank payment for the rest (`redirect_url`). */
export const payInvoice = (key: string, body: InvoicePayBody) => authApi<InvoicePayAnswer>(`/invoices/${encodeURIComponent(key)}/pay`, { body }, refusableFormApi);

/** The invoice's live public link (`/sr/invoice/<token>`), or a new one, that lets anyone see and pay it. */
export const shareInvoice = (key: string) => authApi<InvoiceShareAnswer>(`/invoices/${encodeURIComponent(key)}/share`, {}, refusableFormApi);

/** Revokes one of the invoice's public links: it opens nothing from then on. */
export const revokeInvoiceLink = (key: string, id: number) => authApi<InvoiceLinkRevokeAnswer>(`/invoices/${encodeURIComponent(key)}/links/${id}/revoke`, {}, refusableFormApi);

/** The bank payment an unpaid invoice waits for (its expiry), `GET /payments/{id}`. */
export const fetchPayment = (paymentId: string) => authApi<PaymentAnswer>(`/payments/${encodeURIComponent(paymentId)}`, { method: 'GET' });
