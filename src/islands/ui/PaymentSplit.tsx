import { formatRial } from '#lib/format/number.ts';

/** What a payment takes from the wallet and what goes to the bank, when the patient asks for the wallet first (the server's rule). */
export function splitPayment(due: number, available: number, useWallet: boolean): { fromWallet: number; byBank: number } {
  const fromWallet = useWallet ? Math.min(due, available) : 0;
  return { fromWallet, byBank: due - fromWallet };
}

/** The split, as the pay steps of booking and invoices show it; read out again when it changes. */
export function PaymentSplit({ fromWallet, byBank }: { fromWallet: number; byBank: number }) {
  return (
    <dl className="flex flex-col gap-1 text-sm" aria-live="polite">
      <div className="flex justify-between gap-3">
        <dt className="text-muted">از کیف پول</dt>
        <dd className="font-bold">{formatRial(fromWallet)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-muted">از درگاه بانک</dt>
        <dd className="font-bold">{formatRial(byBank)}</dd>
      </div>
    </dl>
  );
}
