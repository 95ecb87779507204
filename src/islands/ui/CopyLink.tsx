import { useRef, useState } from 'react';

const secondary = 'inline-flex min-h-12 flex-1 items-center justify-center rounded-xl border border-line px-4 font-bold hover:bg-page';

export interface CopyLinkProps {
  /** The field's id and label («پیوند پرداخت», «پیوند تازه»). */
  id: string;
  label: string;
  url: string;
  /** What the phone's share sheet gets besides the URL. */
  share: { title: string; text: string };
  /** Said once the link is on the clipboard: where to paste it. */
  copied: string;
  className?: string;
}

/**
 * A link the patient just made for someone else (an invoice to pay, a result to read): copy it, or
 * hand it to the phone's share sheet (Web Share API) where there is one. Without a clipboard the
 * field is selected for the patient to copy.
 */
export function CopyLink({ id, label, url, share, copied, className = '' }: CopyLinkProps) {
  const field = useRef<HTMLInputElement>(null);
  const [told, setTold] = useState('');
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setTold(copied);
    } catch {
      // No clipboard (plain http on a hospital network, or refused): select it for the patient to copy.
      field.current?.select();
      setTold('پیوند را انتخاب کردیم؛ آن را خودتان کپی کنید.');
    }
  };
  const send = async () => {
    try {
      await navigator.share({ ...share, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };

  return (
    <div className={`flex flex-col gap-3 ${className}`}>
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      <input
        ref={field}
        id={id}
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
          <button type="button" className={secondary} onClick={() => void send()}>
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
