import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Invoice } from '#lib/api/contracts/invoices.ts';
import { formatRial } from '#lib/format/number.ts';
import { $invoice, $paper, choosePaper, loadInvoice, PAPERS, printInvoice } from '#stores/invoices-detail.ts';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { LoadFailed } from '../ui/LoadState.tsx';
import { DetailSkeleton } from '../ui/Skeleton.tsx';
import { InvoiceDocument } from './InvoiceDocument.tsx';
import { PAPER_LABELS } from './labels.ts';
import { PayPanel } from './PayPanel.tsx';
import { SharePanel } from './SharePanel.tsx';

const paperOptions = PAPERS.map((paper) => ({ value: paper, label: PAPER_LABELS[paper] }));

/** Print: the paper (A4 or an 80 mm receipt), then the browser's print dialog. */
function PrintPanel() {
  const paper = useStore($paper);
  return (
    <section aria-labelledby="print-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="print-title" className="text-lg font-bold">
        نسخهٔ چاپی
      </h2>
      <ChoiceGroup name="paper" legend="اندازهٔ کاغذ" options={paperOptions} value={paper} onChange={choosePaper} />
      <button type="button" className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line px-5 font-bold hover:bg-page" onClick={printInvoice}>
        چاپ
      </button>
    </section>
  );
}

function Shown({ invoice }: { invoice: Invoice }) {
  const [justPaid, setJustPaid] = useState(false);
  const paidNotice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justPaid) paidNotice.current?.focus();
  }, [justPaid]);
  const unpaid = invoice.status === 'unpaid';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <a href="/sr/invoice" className="inline-flex min-h-11 items-center text-sm font-bold text-brand underline-offset-4 hover:underline">
            همهٔ صورت‌حساب‌ها
          </a>
          <h1 className="text-xl font-bold">
            صورت‌حساب <bdi dir="ltr">{invoice.key}</bdi>
          </h1>
        </div>
        {unpaid && invoice.payable > 0 && (
          <a href="#invoice-pay" className="inline-flex min-h-11 items-center rounded-xl bg-btn-auth px-4 font-bold text-btn-auth-ink desktop:hidden">
            پرداخت {formatRial(invoice.payable)}
          </a>
        )}
      </div>
      {justPaid && invoice.status === 'paid' && (
        <p ref={paidNotice} tabIndex={-1} role="status" className="rounded-xl border border-success bg-success/10 p-3 font-bold text-success print:hidden" data-paid-notice>
          صورت‌حساب پرداخت شد. رسید آن همین صفحه است و می‌توانید چاپش کنید.
        </p>
      )}
      <div className="print-layout grid items-start gap-4 desktop:grid-cols-[minmax(0,1fr)_20rem]">
        <InvoiceDocument
          invoice={invoice}
          patient={`${invoice.patient.first_name} ${invoice.patient.last_name}`.trim()}
          requestHref={invoice.service_request_key ? `/sr/request/${encodeURIComponent(invoice.service_request_key)}` : undefined}
        />
        <div className="flex flex-col gap-4 print:hidden">
          {unpaid && <PayPanel invoice={invoice} onPaid={() => setJustPaid(true)} />}
          {(unpaid || (invoice.links?.length ?? 0) > 0) && <SharePanel invoice={invoice} />}
          <PrintPanel />
        </div>
      </div>
    </div>
  );
}

/** The invoice of the page, once logged in: loading, failed, or shown with what can be done with it. */
export function InvoiceView() {
  const state = useStore($invoice);
  if (state.status === 'failed') return <LoadFailed text="صورت‌حساب بارگذاری نشد." onRetry={() => void loadInvoice()} />;
  if (state.status === 'loading') return <DetailSkeleton label="در حال بارگذاری صورت‌حساب…" />;
  return <Shown invoice={state.data} />;
}
