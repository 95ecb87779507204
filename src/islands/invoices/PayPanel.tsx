import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Invoice } from '#lib/api/contracts/invoices.ts';
import { formatTime } from '#lib/format/date.ts';
import { formatRial } from '#lib/format/number.ts';
import { $openPayment, loadInvoice, payShownInvoice } from '#stores/invoices-detail.ts';
import { $wallet } from '#stores/wallet.ts';
import { BankActions } from '../ui/BankActions.tsx';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { failureMessage } from '../ui/failure-message.ts';
import { PaymentSplit, splitPayment } from '../ui/PaymentSplit.tsx';

const panel = 'flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 sm:p-5';

/** A bank payment of the patient's is open: continue at the bank, or ask again whether it came. */
function WaitingForBank({ invoice }: { invoice: Invoice }) {
  const payment = useStore($openPayment);
  const byBank = invoice.payable - invoice.paid_from_wallet;
  return (
    <section id="invoice-pay" aria-labelledby="pay-title" className={panel} data-open-payment>
      <h2 id="pay-title" className="text-lg font-bold">
        پرداخت در درگاه بانک نیمه‌تمام است
      </h2>
      <p className="leading-7">
        برای این صورت‌حساب پرداختی به مبلغ <strong>{formatRial(byBank)}</strong> در درگاه بانک باز است
        {payment?.status === 'pending' ? <> و تا ساعت {formatTime(payment.expires_at)} منتظر آن می‌مانیم</> : null}.
        {invoice.paid_from_wallet > 0 && <> {formatRial(invoice.paid_from_wallet)} از کیف پول شما برای آن کنار گذاشته شده است؛ اگر پرداخت در بانک کامل نشود، به کیف پول برمی‌گردد.</>}
      </p>
      <BankActions paymentId={invoice.payment_id} onCheck={() => void loadInvoice({ quiet: true })} />
    </section>
  );
}

/** Unpaid: the wallet's part (when chosen), the bank's part, and pay. */
export function PayPanel({ invoice, onPaid }: { invoice: Invoice; onPaid: () => void }) {
  const wallet = useStore($wallet);
  const [useWallet, setUseWallet] = useState(true);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (invoice.payment_id) return <WaitingForBank invoice={invoice} />;

  const available = wallet.status === 'ready' ? wallet.data.available : 0;
  const walletChosen = useWallet && available > 0;
  const due = invoice.payable;
  const split = splitPayment(due, available, walletChosen);
  const { byBank } = split;

  const pay = async () => {
    setPaying(true);
    setProblem(undefined);
    try {
      const outcome = await payShownInvoice(walletChosen);
      if (outcome === 'paid') onPaid();
      // Off to the bank: the button stays busy while the browser leaves.
    } catch (error) {
      setProblem(failureMessage(error));
      setPaying(false);
    }
  };

  return (
    <section id="invoice-pay" aria-labelledby="pay-title" className={panel}>
      <h2 id="pay-title" className="text-lg font-bold">
        پرداخت صورت‌حساب
      </h2>
      <div className="flex justify-between gap-3">
        <span className="text-muted">مبلغ قابل پرداخت</span>
        <span className="font-bold">{formatRial(due)}</span>
      </div>
      <div className="flex flex-col gap-2 rounded-xl border border-line p-3">
        <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-page px-3 has-focus-visible:outline-3 has-focus-visible:outline-brand has-disabled:cursor-not-allowed">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand"
            checked={walletChosen}
            disabled={available <= 0 || paying}
            onChange={(event) => setUseWallet(event.target.checked)}
            aria-describedby="pay-wallet-balance"
          />
          <span className="font-bold">استفاده از کیف پول</span>
        </label>
        <p id="pay-wallet-balance" className="text-sm text-muted">
          موجودی قابل استفاده:{' '}
          <span className="font-bold text-ink" data-pay-wallet>
            {wallet.status === 'ready' ? formatRial(available) : wallet.status === 'failed' ? 'نامعلوم' : '…'}
          </span>
          {wallet.status === 'ready' && available <= 0 && <> — کیف پول شما خالی است و همهٔ مبلغ از درگاه بانک پرداخت می‌شود.</>}
        </p>
      </div>
      <PaymentSplit {...split} />
      <FormAlert message={problem} />
      <PrimaryButton type="button" busy={paying} disabled={paying || wallet.status === 'loading' || !split.payable} onClick={() => void pay()}>
        {byBank === 0 ? `پرداخت ${formatRial(due)} از کیف پول` : `پرداخت ${formatRial(byBank)} از درگاه بانک`}
      </PrimaryButton>
      {byBank > 0 && <p className="text-sm text-muted">به درگاه بانک می‌روید؛ پس از پرداخت، رسید را می‌بینید و از آنجا به همین صورت‌حساب برمی‌گردید.</p>}
    </section>
  );
}
