import { useStore } from '@nanostores/react';
import { formatRial } from '#lib/format/number.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { $wallet, loadWallet } from '#stores/wallet.ts';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';

/** Available, held and total: what the patient can spend now and what waits for a withdrawal. */
export function BalanceCard() {
  const wallet = useStore($wallet);
  if (wallet.status === 'failed') return <LoadFailed text="موجودی کیف پول بارگذاری نشد." onRetry={() => void loadWallet()} />;
  if (wallet.status === 'loading') return <Loading text="در حال بارگذاری موجودی…" />;
  const { available, held, balance } = wallet.data;
  return (
    <section aria-labelledby="balance-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-5">
      <h2 id="balance-title" className="text-sm font-bold text-muted">
        موجودی قابل استفاده
      </h2>
      <p className="text-3xl font-black" data-wallet-available>
        {formatRialWithToman(available)}
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-3 rounded-xl bg-page px-3 py-2">
          <dt className="text-muted">در انتظار واریز به حساب شما</dt>
          <dd className="font-bold">{formatRial(held)}</dd>
        </div>
        <div className="flex justify-between gap-3 rounded-xl bg-page px-3 py-2">
          <dt className="text-muted">موجودی کل</dt>
          <dd className="font-bold">{formatRial(balance)}</dd>
        </div>
      </dl>
    </section>
  );
}
