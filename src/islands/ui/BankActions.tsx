import type { ReactNode } from 'react';

/** A secondary action beside the bank's: same height and weight, outlined. */
export const bankActionClass = 'min-h-12 flex-1 rounded-xl border border-line px-5 font-bold hover:bg-page';

/**
 * While a bank payment is open: continue it at the bank (when its id is known) or ask again whether
 * it came; `children` adds the area's own actions after these.
 */
export function BankActions({ paymentId, onCheck, children }: { paymentId: string | undefined; onCheck: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {paymentId && (
        <a
          href={`/go-to-bank?payment=${encodeURIComponent(paymentId)}`}
          className="inline-flex min-h-12 flex-1 items-center justify-center rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink"
        >
          ادامهٔ پرداخت در بانک
        </a>
      )}
      <button type="button" className={bankActionClass} onClick={onCheck}>
        بررسی دوباره
      </button>
      {children}
    </div>
  );
}
