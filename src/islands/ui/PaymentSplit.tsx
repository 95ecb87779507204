import { formatRial } from '#lib/format/number.ts';
import type { PaymentSplit as Split } from '#lib/wallet/payment-split.ts';
import { BANK_MINIMUM_RIALS } from '#lib/wallet/payment-split.ts';

export { splitPayment } from '#lib/wallet/payment-split.ts';

/**
 * The split, as the pay steps of booking and invoices show it; read out again when it changes. It
 * says why the wallet gives less than it could (the bank's minimum), or that the bank cannot take
 * an amount this small at all.
 */
export function PaymentSplit({ fromWallet, byBank, walletReduced, payable }: Split) {
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">از کیف پول</dt>
          <dd className="font-bold">{formatRial(fromWallet)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">از درگاه بانک</dt>
          <dd className="font-bold">{formatRial(byBank)}</dd>
        </div>
      </dl>
      {walletReduced && (
        <p className="text-sm text-muted" data-split-note>
          درگاه بانک کمتر از {formatRial(BANK_MINIMUM_RIALS)} نمی‌پذیرد؛ برای همین {formatRial(BANK_MINIMUM_RIALS)} از درگاه و بقیه از کیف پول پرداخت می‌شود.
        </p>
      )}
      {!payable && (
        <p className="text-sm font-bold text-danger" data-split-note>
          درگاه بانک کمتر از {formatRial(BANK_MINIMUM_RIALS)} نمی‌پذیرد؛ این مبلغ را با موجودی کیف پول بپردازید.
        </p>
      )}
    </div>
  );
}
