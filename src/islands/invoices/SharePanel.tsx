import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { Invoice } from '#lib/api/contracts/invoices.ts';
import { formatRial } from '#lib/format/number.ts';
import { $invoiceShare, createShareLink } from '#stores/invoices-detail.ts';
import { FormAlert } from '../ui/FormAlert.tsx';

const secondary = 'inline-flex min-h-12 flex-1 items-center justify-center rounded-xl border border-line px-4 font-bold hover:bg-page';

/** The link made: copy it, or hand it to the phone's share sheet (Web Share API) where there is one. */
function SharedLink({ url, invoice }: { url: string; invoice: Invoice }) {
  const field = useRef<HTMLInputElement>(null);
  const [told, setTold] = useState('');
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setTold('پیوند کپی شد؛ آن را در پیامک یا پیام‌رسان بچسبانید.');
    } catch {
      // No clipboard (plain http on a hospital network, or refused): select it for the patient to copy.
      field.current?.select();
      setTold('پیوند را انتخاب کردیم؛ آن را خودتان کپی کنید.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({
        title: `صورت‌حساب ${invoice.key}`,
        text: `صورت‌حساب ${invoice.issuer.name} به مبلغ ${formatRial(invoice.payable)}؛ با این پیوند می‌توانید آن را بدون ورود به حساب بپردازید:`,
        url,
      });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="share-url" className="font-bold">
        پیوند پرداخت
      </label>
      <input
        ref={field}
        id="share-url"
        readOnly
        value={url}
        dir="ltr"
        onFocus={(event) => event.target.select()}
        className="min-h-12 w-full rounded-xl border border-line bg-page px-3 text-sm"
        data-share-url
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondary} onClick={() => void copy()}>
          کپی پیوند
        </button>
        {canShare && (
          <button type="button" className={secondary} onClick={() => void share()}>
            فرستادن…
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-success">
        {told}
      </p>
    </div>
  );
}

/** A public link for someone else (a relative) to see and pay this invoice without logging in. */
export function SharePanel({ invoice }: { invoice: Invoice }) {
  const share = useStore($invoiceShare);
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 sm:p-5">
      <h2 id="share-title" className="text-lg font-bold">
        پرداخت به دست دیگری
      </h2>
      <p className="text-sm leading-7 text-muted">
        پیوند پرداخت را برای یکی از نزدیکانتان بفرستید: هر کسی این پیوند را داشته باشد، صورت‌حساب را می‌بیند و می‌تواند <strong className="text-ink">بدون ورود به حساب</strong> و با کارت بانکی
        خودش آن را بپردازد. در آن صفحه نام شما نیمه‌پنهان است و کد ملی و شمارهٔ همراهتان دیده نمی‌شود؛ پیوند را فقط برای کسی بفرستید که به او اعتماد دارید.
      </p>
      {share.status === 'ready' ? (
        <SharedLink url={share.url} invoice={invoice} />
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
      )}
      <FormAlert message={share.status === 'failed' ? share.message : undefined} />
    </section>
  );
}
