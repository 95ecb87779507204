import { useStore } from '@nanostores/react';
import type { Invoice, InvoiceLink } from '#lib/api/contracts/invoices.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { formatRial } from '#lib/format/number.ts';
import { $invoiceShare, createShareLink, revokeShownInvoiceLink } from '#stores/invoices-detail.ts';
import { CopyLink } from '../ui/CopyLink.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LiveLinks } from '../ui/LiveLinks.tsx';

const madeBy = (link: InvoiceLink) => (link.created_by === 'hospital' ? 'پیامک بیمارستان' : 'ساختهٔ شما');

/** One live link: who made it and when, and until when it opens once the invoice is settled. */
function describeLink(link: InvoiceLink) {
  return (
    <>
      {madeBy(link)}، <time dateTime={link.created_at}>{formatJalaliDateTime(link.created_at)}</time>
      {link.expires_at && (
        <>
          ؛ باز تا <time dateTime={link.expires_at}>{formatJalaliDateTime(link.expires_at)}</time>
        </>
      )}
    </>
  );
}

/**
 * A public link for someone else (a relative) to see and pay this invoice without logging in: the
 * invoice's live link (the one the hospital sent by SMS, at first), and the live links with revoke.
 * Once the invoice is paid or void only the list stays, until the links expire.
 */
export function SharePanel({ invoice }: { invoice: Invoice }) {
  const share = useStore($invoiceShare);
  const unpaid = invoice.status === 'unpaid';
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="share-title" className="text-lg font-bold">
        {unpaid ? 'پرداخت به دست دیگری' : 'پیوندهای پرداخت'}
      </h2>
      {unpaid ? (
        <p className="text-sm leading-7 text-muted">
          پیوند پرداخت را برای یکی از نزدیکانتان بفرستید: هر کسی این پیوند را داشته باشد، صورت‌حساب را می‌بیند و می‌تواند <strong className="text-ink">بدون ورود به حساب</strong> و با کارت بانکی
          خودش آن را بپردازد. در آن صفحه نام شما نیمه‌پنهان است و کد ملی و شمارهٔ همراهتان دیده نمی‌شود؛ پیوند را فقط برای کسی بفرستید که به او اعتماد دارید. هر وقت بخواهید می‌توانید باطلش کنید.
        </p>
      ) : (
        <p className="text-sm leading-7 text-muted">این پیوندها هنوز صورت‌حساب را نشان می‌دهند تا زمانی که کنارشان آمده است؛ اگر نمی‌خواهید، همین حالا باطلشان کنید.</p>
      )}
      {unpaid &&
        (share.status === 'ready' ? (
          <CopyLink
            id="share-url"
            label="پیوند پرداخت"
            url={share.url}
            share={{
              title: `صورت‌حساب ${invoice.key}`,
              text: `صورت‌حساب ${invoice.issuer.name} به مبلغ ${formatRial(invoice.payable)}؛ با این پیوند می‌توانید آن را بدون ورود به حساب بپردازید:`,
            }}
            copied="پیوند کپی شد؛ آن را در پیامک یا پیام‌رسان بچسبانید."
          />
        ) : (
          <button
            type="button"
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-brand px-5 font-bold text-brand hover:bg-page disabled:opacity-60"
            aria-busy={share.status === 'creating' || undefined}
            disabled={share.status === 'creating'}
            onClick={() => void createShareLink()}
          >
            {share.status === 'creating' && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
            ساختن پیوند پرداخت
          </button>
        ))}
      <FormAlert message={share.status === 'failed' ? share.message : undefined} />
      <LiveLinks
        links={invoice.links ?? []}
        describe={describeLink}
        question={(link) => `پیوند «${madeBy(link)}» باطل شود؟ هر کسی آن را داشته باشد، دیگر صورت‌حساب را نمی‌بیند و نمی‌تواند آن را بپردازد.`}
        revoke={(link) => revokeShownInvoiceLink(link.id)}
      />
    </section>
  );
}
