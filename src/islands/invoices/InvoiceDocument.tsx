import type { Invoice, InvoiceItem, PublicInvoice } from '#lib/api/contracts/invoices.ts';
import { formatJalaliDate, formatJalaliDateTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatPersianNumber, formatRial } from '#lib/format/number.ts';
import { DocumentHeader } from '../ui/DocumentHeader.tsx';
import { Fact, Facts } from '../ui/Facts.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { STATUS_LABELS, STATUS_TONES } from './labels.ts';

/**
 * The invoice as a document: the hospital, the patient, the lines and the totals. Drawn by the
 * patient's page (an island) and by the public link's page (on the server, with no script), and
 * laid out for paper by invoice-print.css: A4 (the table) or an 80 mm receipt (the stacked lines).
 */

/** «۱٬۲۵۰٬۰۰۰»: the figures of the lines; their heading says they are rials. */
export const formatAmount = (rials: number) => formatPersianNumber(rials);

/** How a paid invoice of the patient's was paid (the public view does not say). */
export function paidHow(invoice: Invoice): string {
  if (invoice.paid_by_link) return 'با پیوند پرداخت، از درگاه بانک';
  const parts = [
    ...(invoice.paid_from_wallet > 0 ? [`${formatRial(invoice.paid_from_wallet)} از کیف پول`] : []),
    ...(invoice.paid_by_bank > 0 ? [`${formatRial(invoice.paid_by_bank)} از درگاه بانک`] : []),
  ];
  if (parts.length === 2) return parts.join(' و ');
  if (invoice.paid_from_wallet > 0) return 'از کیف پول';
  if (invoice.paid_by_bank > 0) return 'از درگاه بانک';
  return 'بدون مبلغ پرداختی';
}

const cell = 'border-b border-line px-2 py-2 align-top';
const numberCell = `${cell} text-end tabular-nums whitespace-nowrap`;

/** ≥ 640 px and on A4: one row per line. */
function ItemsTable({ items }: { items: readonly InvoiceItem[] }) {
  return (
    <table className="invoice-table hidden w-full border-collapse text-sm min-[640px]:table">
      <caption className="pb-2 text-start text-muted">مبلغ‌ها به ریال</caption>
      <thead>
        <tr className="bg-page">
          <th scope="col" className={`${cell} w-8 text-start`}>
            ردیف
          </th>
          <th scope="col" className={`${cell} text-start`}>
            شرح
          </th>
          <th scope="col" className={`${cell} text-end`}>
            تعداد
          </th>
          <th scope="col" className={`${cell} text-end`}>
            مبلغ واحد
          </th>
          <th scope="col" className={`${cell} text-end`}>
            سهم بیمه
          </th>
          <th scope="col" className={`${cell} text-end`}>
            تخفیف
          </th>
          <th scope="col" className={`${cell} text-end`}>
            سهم بیمار
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change or move
          <tr key={index}>
            <td className={`${cell} text-muted`}>{toPersianDigits(index + 1)}</td>
            <th scope="row" className={`${cell} text-start font-normal [overflow-wrap:anywhere]`}>
              {item.title}
            </th>
            <td className={numberCell}>{toPersianDigits(item.quantity)}</td>
            <td className={numberCell}>{formatAmount(item.unit_price)}</td>
            <td className={numberCell}>{formatAmount(item.insurance_share)}</td>
            <td className={numberCell}>{formatAmount(item.discount)}</td>
            <td className={`${numberCell} font-bold`}>{formatAmount(item.patient_share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones and the receipt: each line stacked, its figures labelled. */
function ItemsStack({ items }: { items: readonly InvoiceItem[] }) {
  return (
    <ol className="invoice-lines flex flex-col divide-y divide-line rounded-xl border border-line min-[640px]:hidden">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change or move
        <li key={index} className="invoice-line flex flex-col gap-2 p-3">
          <p className="font-bold [overflow-wrap:anywhere]">
            <span className="text-muted">{toPersianDigits(index + 1)}. </span>
            {item.title}
          </p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">تعداد × مبلغ واحد</dt>
            <dd className="text-end tabular-nums">
              {toPersianDigits(item.quantity)} × {formatRial(item.unit_price)}
            </dd>
            <dt className="text-muted">سهم بیمه</dt>
            <dd className="text-end tabular-nums">{formatRial(item.insurance_share)}</dd>
            <dt className="text-muted">تخفیف</dt>
            <dd className="text-end tabular-nums">{formatRial(item.discount)}</dd>
            <dt className="font-bold">سهم بیمار</dt>
            <dd className="text-end font-bold tabular-nums">{formatRial(item.patient_share)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function Totals({ invoice }: { invoice: Invoice | PublicInvoice }) {
  const rows = [
    ['جمع کل', invoice.total],
    ['سهم بیمه', invoice.insurance_total],
    ['تخفیف', invoice.discount_total],
  ] as const;
  return (
    <dl className="invoice-totals flex flex-col gap-1 self-stretch rounded-xl border border-line p-3 min-[640px]:ms-auto min-[640px]:w-80 min-[640px]:self-end">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3">
          <dt className="text-muted">{term}</dt>
          <dd className="tabular-nums">{formatRial(value)}</dd>
        </div>
      ))}
      <div className="mt-1 flex flex-wrap justify-between gap-x-3 border-t border-line pt-2 sm:text-lg">
        <dt className="font-bold">مبلغ قابل پرداخت</dt>
        <dd className="font-black tabular-nums" data-invoice-payable>
          {formatRial(invoice.payable)}
        </dd>
      </div>
    </dl>
  );
}

export interface InvoiceDocumentProps {
  invoice: Invoice | PublicInvoice;
  /** The patient as this viewer may see them: the name, or masked on the public link. */
  patient: string;
  /** Where the request this invoice prices is shown, for its owner. */
  requestHref?: string | undefined;
}

/** The invoice's content, from the hospital's name to the paid stamp. */
export function InvoiceDocument({ invoice, patient, requestHref }: InvoiceDocumentProps) {
  const own = 'paid_from_wallet' in invoice ? invoice : undefined;
  return (
    <article
      aria-labelledby="invoice-issuer"
      className="invoice-document print-document relative flex flex-col gap-5 rounded-2xl border border-line bg-card p-4 sm:p-6"
      data-invoice={invoice.key}
    >
      <DocumentHeader
        titleId="invoice-issuer"
        issuer={invoice.issuer}
        kind="صورت‌حساب خدمات"
        number={invoice.key}
        status={<StatusChip status={invoice.status} label={STATUS_LABELS[invoice.status]} tone={STATUS_TONES[invoice.status]} />}
      />
      <Facts className="invoice-facts">
        <Fact term="بیمار">
          <span data-invoice-patient>{patient}</span>
        </Fact>
        {invoice.service_name && (
          <Fact term="خدمت">
            {invoice.service_name}
            {own?.service_request_key && (
              <>
                {' '}
                (
                {requestHref ? (
                  <a href={requestHref} className="text-brand underline underline-offset-4">
                    درخواست <bdi dir="ltr">{own.service_request_key}</bdi>
                  </a>
                ) : (
                  <bdi dir="ltr">{own.service_request_key}</bdi>
                )}
                )
              </>
            )}
          </Fact>
        )}
        <Fact term="تاریخ صدور">
          <time dateTime={invoice.issued_at}>{formatJalaliDate(invoice.issued_at)}</time>
        </Fact>
        {invoice.due_at && invoice.status === 'unpaid' && (
          <Fact term="مهلت پرداخت">
            <time dateTime={invoice.due_at}>{formatJalaliDate(invoice.due_at)}</time>
          </Fact>
        )}
        {invoice.status === 'paid' && invoice.paid_at && (
          <Fact term="تاریخ پرداخت">
            <time dateTime={invoice.paid_at}>{formatJalaliDateTime(invoice.paid_at)}</time>
          </Fact>
        )}
        {invoice.status === 'paid' && own && (
          <Fact term="شیوهٔ پرداخت">
            <span data-paid-how>{paidHow(own)}</span>
          </Fact>
        )}
        {invoice.status === 'void' && own?.voided_at && (
          <Fact term="تاریخ ابطال">
            <time dateTime={own.voided_at}>{formatJalaliDate(own.voided_at)}</time>
          </Fact>
        )}
      </Facts>
      {invoice.status === 'void' && own?.void_reason && (
        <p className="rounded-xl border border-line bg-page p-3 text-sm" data-void-reason>
          علت ابطال: {own.void_reason}
        </p>
      )}
      <section aria-labelledby="invoice-items" className="flex flex-col gap-2">
        <h3 id="invoice-items" className="font-bold">
          اقلام ({toPersianDigits(invoice.items.length)} قلم)
        </h3>
        <ItemsTable items={invoice.items} />
        <ItemsStack items={invoice.items} />
      </section>
      <Totals invoice={invoice} />
      {invoice.status !== 'unpaid' && (
        <p className="invoice-stamp hidden" aria-hidden="true">
          {invoice.status === 'paid' ? 'پرداخت شد' : 'باطل شد'}
          {invoice.status === 'paid' && invoice.paid_at && <span className="block text-sm">{formatJalaliDate(invoice.paid_at, 'short')}</span>}
        </p>
      )}
    </article>
  );
}
