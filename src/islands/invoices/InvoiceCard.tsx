import type { Invoice } from '#lib/api/contracts/invoices.ts';
import { formatJalaliDate } from '#lib/format/date.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { Fact, Facts } from '../ui/Facts.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { invoiceTitle, STATUS_LABELS, STATUS_TONES } from './labels.ts';

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
        <StatusChip status={invoice.status} label={STATUS_LABELS[invoice.status]} tone={STATUS_TONES[invoice.status]} />
      </div>
      <Facts>
        <Fact term="تاریخ صدور">
          <time dateTime={invoice.issued_at}>{formatJalaliDate(invoice.issued_at)}</time>
        </Fact>
        <Fact term={{ unpaid: 'مبلغ قابل پرداخت', paid: 'پرداخت‌شده', void: 'مبلغ' }[invoice.status]}>
          <span data-invoice-payable>{formatRialWithToman(invoice.payable)}</span>
        </Fact>
        {invoice.status === 'unpaid' && invoice.due_at && (
          <Fact term="مهلت پرداخت">
            <time dateTime={invoice.due_at} className={late ? 'text-danger' : undefined}>
              {formatJalaliDate(invoice.due_at)}
            </time>
            {late && <span className="text-danger"> (گذشته است)</span>}
          </Fact>
        )}
        {invoice.status === 'paid' && invoice.paid_at && (
          <Fact term="تاریخ پرداخت">
            <time dateTime={invoice.paid_at}>{formatJalaliDate(invoice.paid_at)}</time>
          </Fact>
        )}
        {invoice.status === 'void' && invoice.void_reason && <Fact term="علت ابطال">{invoice.void_reason}</Fact>}
      </Facts>
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
