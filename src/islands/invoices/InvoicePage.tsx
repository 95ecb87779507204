import { lazy, Suspense, useEffect } from 'react';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { openInvoice } from '#stores/invoices-detail.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { Loading } from '../ui/LoadState.tsx';

// The invoice and its panels load once someone is logged in: logged out, the page is the login prompt alone.
const InvoiceView = lazy(() => import('./InvoiceView.tsx').then((module) => ({ default: module.InvoiceView })));

/** /sr/invoice/show/{key}: the invoice, paying it, a link for someone else to pay it, and printing it. */
export function InvoicePage({ invoiceKey }: { invoiceKey: string }) {
  useEffect(() => openInvoice(invoiceKey), [invoiceKey]);
  return (
    <AuthGate what={promptWhat.invoice}>
      <Suspense fallback={<Loading text="در حال بارگذاری صورت‌حساب…" />}>
        <InvoiceView />
      </Suspense>
    </AuthGate>
  );
}
