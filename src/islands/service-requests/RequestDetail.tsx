import { lazy, Suspense, useRef, useState } from 'react';
import type { ServiceRequest, ServiceRequestFile, ServiceRequestInvoice } from '#lib/api/contracts/service-requests.ts';
import { formatJalaliDate, formatJalaliDateTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRial } from '#lib/format/number.ts';
import { downloadRequestFile } from '#stores/service-requests-detail.ts';
import { STATUS_LABELS as INVOICE_STATUS_LABELS, STATUS_TONES as INVOICE_STATUS_TONES } from '../invoices/labels.ts';
import { type FactRow, FactTable } from '../ui/Facts.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { fileKindText, fileSizeText, STATUS_LABELS, STATUS_TONES, windowLabel } from './labels.ts';
import { dayText, PatientText, whenText } from './parts.tsx';
import { Timeline } from './Timeline.tsx';

// Loaded when first opened: the page's first paint does not wait for the dialog.
const CancelRequestDialog = lazy(() => import('./CancelRequestDialog.tsx').then((module) => ({ default: module.CancelRequestDialog })));

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-5';

function RequestFacts({ request }: { request: ServiceRequest }) {
  const rows: FactRow[] = [
    ['خدمت', request.service.name],
    [
      'کد پیگیری',
      <bdi dir="ltr" className="font-mono">
        {request.key}
      </bdi>,
    ],
    ['بیمار', <PatientText patient={request.patient} />],
    [
      'شمارهٔ تماس',
      <bdi dir="ltr" data-request-phone>
        {toPersianDigits(request.phone)}
      </bdi>,
    ],
    ['نشانی', request.address],
    ['روز دلخواه', <time dateTime={request.preferred_date}>{dayText(request.preferred_date)}</time>],
    ['بازهٔ زمانی', windowLabel(request.preferred_window)],
  ];
  if (request.scheduled_at) rows.push(['زمان مراجعه', <time dateTime={request.scheduled_at}>{whenText(request.scheduled_at)}</time>]);
  if (request.prescription_code) {
    rows.push([
      'کد رهگیری نسخه',
      <bdi dir="ltr" className="font-mono" data-prescription-code>
        {toPersianDigits(request.prescription_code)}
      </bdi>,
    ]);
  }
  if (request.notes) rows.push(['توضیحات شما', <span className="whitespace-pre-line font-normal">{request.notes}</span>]);
  rows.push(['ثبت در', <time dateTime={request.created_at}>{formatJalaliDateTime(request.created_at)}</time>]);
  return <FactTable rows={rows} />;
}

const payLinkClass = 'inline-flex min-h-11 items-center justify-center rounded-xl bg-btn-auth px-4 text-sm font-bold text-btn-auth-ink';
const viewLinkClass = 'inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 text-sm font-bold hover:bg-page';

function Invoices({ invoices }: { invoices: ServiceRequestInvoice[] }) {
  if (invoices.length === 0) {
    return <p className="text-muted">هنوز صورت‌حسابی برای این درخواست صادر نشده است. هر صورت‌حسابی که بیمارستان صادر کند، اینجا می‌آید.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
      {invoices.map((invoice) => {
        const href = `/sr/invoice/show/${encodeURIComponent(invoice.key)}`;
        const unpaid = invoice.status === 'unpaid' && invoice.payable > 0;
        return (
          <li key={invoice.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-request-invoice={invoice.key}>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-bold">
                صورت‌حساب <bdi dir="ltr">{invoice.key}</bdi>
              </p>
              <p className="text-sm">
                <span className="text-muted">{invoice.status === 'paid' ? 'پرداخت‌شده:' : 'مبلغ:'}</span> <span className="font-bold">{formatRial(invoice.payable)}</span>
                {invoice.status === 'unpaid' && invoice.due_at && (
                  <span className="text-muted">
                    {' '}
                    · مهلت <time dateTime={invoice.due_at}>{formatJalaliDate(invoice.due_at)}</time>
                  </span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <StatusChip status={invoice.status} label={INVOICE_STATUS_LABELS[invoice.status]} tone={INVOICE_STATUS_TONES[invoice.status]} />
              {unpaid ? (
                <a href={href} className={payLinkClass} data-request-invoice-pay>
                  پرداخت {formatRial(invoice.payable)}
                  <span className="sr-only">
                    {' '}
                    صورت‌حساب <bdi dir="ltr">{invoice.key}</bdi>
                  </span>
                </a>
              ) : (
                <a href={href} className={viewLinkClass}>
                  مشاهده
                  <span className="sr-only">
                    {' '}
                    صورت‌حساب <bdi dir="ltr">{invoice.key}</bdi>
                  </span>
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Files({ requestKey, files }: { requestKey: string; files: ServiceRequestFile[] }) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-request-file>
            <div className="flex min-w-0 flex-col">
              <span dir="rtl" className="font-bold [overflow-wrap:anywhere]">
                <bdi>{file.name}</bdi>
              </span>
              <span className="text-sm text-muted">
                {fileKindText(file.type)} · {fileSizeText(file.size)}
              </span>
            </div>
            <button
              type="button"
              className={viewLinkClass}
              aria-label={`دریافت ${file.name}`}
              disabled={busy === file.id}
              onClick={async () => {
                setBusy(file.id);
                setProblem(undefined);
                try {
                  await downloadRequestFile(requestKey, file);
                } catch {
                  setProblem('فایل دریافت نشد؛ دوباره تلاش کنید.');
                } finally {
                  setBusy(undefined);
                }
              }}
            >
              {busy === file.id ? 'در حال دریافت…' : 'دریافت'}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The visit at the top: the time the hospital set, or what was asked for until then. */
function Visit({ request }: { request: ServiceRequest }) {
  if (request.scheduled_at && request.status !== 'cancelled' && request.status !== 'rejected') {
    return (
      <p className="flex flex-col gap-1 rounded-xl border border-sky-700 bg-sky-50 p-4 text-sky-950 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-50" data-request-visit>
        <span className="text-sm font-bold">{request.status === 'done' ? 'زمان مراجعه' : 'زمان مراجعهٔ تعیین‌شده'}</span>
        <time dateTime={request.scheduled_at} className="text-lg font-bold">
          {whenText(request.scheduled_at)}
        </time>
      </p>
    );
  }
  if (request.status === 'submitted' || request.status === 'reviewing') {
    return (
      <p className="rounded-xl border border-line p-4 text-sm" data-request-visit>
        زمان مراجعه هنوز تعیین نشده است. روز دلخواه شما:{' '}
        <time dateTime={request.preferred_date} className="font-bold">
          {dayText(request.preferred_date)}
        </time>
        ، {windowLabel(request.preferred_window)}. بیمارستان برای هماهنگی تماس می‌گیرد.
      </p>
    );
  }
  return null;
}

/** One request on /sr/request/{key}: the visit, facts, invoices with their pay links, files, history and the cancel while it may be. */
export function RequestDetail({ request }: { request: ServiceRequest }) {
  const [cancelling, setCancelling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The dialog closed: the focus goes back to the button that opened it (gone once cancelled).
  const closeDialog = () => {
    setCancelling(false);
    requestAnimationFrame(() => cancelButton.current?.focus());
  };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-xl font-bold">{request.service.name}</h1>
          <p className="text-sm text-muted">
            درخواست <bdi dir="ltr">{request.key}</bdi>
          </p>
        </div>
        <p className="flex items-center gap-2">
          <span className="sr-only">وضعیت:</span>
          <StatusChip status={request.status} label={STATUS_LABELS[request.status]} tone={STATUS_TONES[request.status]} />
        </p>
      </div>
      <Visit request={request} />
      <section aria-labelledby="request-facts" className={sectionClass}>
        <h2 id="request-facts" className="text-lg font-bold">
          جزئیات درخواست
        </h2>
        <RequestFacts request={request} />
        {request.can_cancel && (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-muted">تا پیش از زمان‌بندی بیمارستان می‌توانید درخواست را لغو کنید.</p>
            <button
              ref={cancelButton}
              type="button"
              className="inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 font-bold text-danger hover:bg-page"
              onClick={() => setCancelling(true)}
            >
              لغو درخواست
            </button>
          </div>
        )}
      </section>
      <section aria-labelledby="request-invoices" className={sectionClass}>
        <h2 id="request-invoices" className="text-lg font-bold">
          صورت‌حساب‌ها
        </h2>
        <Invoices invoices={request.invoices} />
      </section>
      {request.files.length > 0 && (
        <section aria-labelledby="request-files" className={sectionClass}>
          <h2 id="request-files" className="text-lg font-bold">
            فایل‌های پیوست
          </h2>
          <Files requestKey={request.key} files={request.files} />
        </section>
      )}
      <section aria-labelledby="request-history" className={sectionClass}>
        <h2 id="request-history" className="text-lg font-bold">
          روند رسیدگی
        </h2>
        <Timeline history={request.history} />
      </section>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelRequestDialog request={request} onClose={closeDialog} />
        </Suspense>
      )}
    </div>
  );
}
