import type { ReactNode } from 'react';
import type { Invoice } from '#lib/api/contracts/invoices.ts';
import { formatJalaliDate } from '#lib/format/date.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { StatusChip } from './StatusChip.tsx';
import { invoiceTitle } from './labels.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="min-w-0 font-bold">{children}</dd>
    </div>
  );
}

/** Past its due date and still unpaid. */
const overdue = (invoice: Invoice, now: number) => invoice.status === 'unpaid' && invoice.due_at !== undefined && Date.parse(invoice.due_at) < now;

/** One invoice of the list: what for, when, how much, and a way in. */
export function InvoiceCard({ invoice, now }: { invoice: Invoice; now: number }) {
  const titleId = `invoice-${invoice.key}`;
  const href = `/sr/invoice/show/${encodeURIComponent(invoice.key)}`;
  const late = overdue(invoice, now);
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4" data-invoice={invoice.key}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold">
            {invoiceTitle(invoice)}
          </h3>
          <p className="text-sm text-muted">
            صورت‌حساب <bdi dir="ltr">{invoice.key}</bdi>
          </p>
        </div>
        <StatusChip status={invoice.status} />
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Row term="تاریخ صدور">
          <time dateTime={invoice.issued_at}>{formatJalaliDate(invoice.issued_at)}</time>
        </Row>
        <Row term={{ unpaid: 'مبلغ قابل پرداخت', paid: 'پرداخت‌شده', void: 'مبلغ' }[invoice.status]}>
          <span data-invoice-payable>{formatRialWithToman(invoice.payable)}</span>
        </Row>
        {invoice.status === 'unpaid' && invoice.due_at && (
          <Row term="مهلت پرداخت">
            <time dateTime={invoice.due_at} className={late ? 'text-danger' : undefined}>
              {formatJalaliDate(invoice.due_at)}
            </time>
            {late && <span className="text-danger"> (گذشته است)</span>}
          </Row>
        )}
        {invoice.status === 'paid' && invoice.paid_at && (
          <Row term="تاریخ پرداخت">
            <time dateTime={invoice.paid_at}>{formatJalaliDate(invoice.paid_at)}</time>
          </Row>
        )}
        {invoice.status === 'void' && invoice.void_reason && <Row term="علت ابطال">{invoice.void_reason}</Row>}
      </dl>
      <div className="flex flex-wrap gap-2">
        <a
          href={href}
          aria-describedby={titleId}
          className={
            invoice.status === 'unpaid'
              ? 'inline-flex min-h-11 items-center justify-center rounded-xl bg-btn-auth px-4 text-sm font-bold text-btn-auth-ink'
              : 'inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 text-sm font-bold hover:bg-page'
          }
        >
          {invoice.status === 'unpaid' ? 'مشاهده و پرداخت' : 'مشاهده و چاپ'}
        </a>
      </div>
    </article>
  );
}
