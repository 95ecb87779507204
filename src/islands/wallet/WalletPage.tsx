import { useStore } from '@nanostores/react';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $recentTransactions, reloadTransactions } from '#stores/transactions.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { TransactionList } from './TransactionList.tsx';

const linkButton = 'inline-flex min-h-12 items-center justify-center rounded-xl px-5 font-bold';

function RecentTransactions() {
  const recent = useStore($recentTransactions);
  return (
    <section aria-labelledby="recent-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-title" className="text-lg font-bold">
          آخرین تراکنش‌ها
        </h2>
        {recent.status === 'ready' && recent.data.total > 0 && (
          <a href="/financial/transactions" className="inline-flex min-h-11 items-center font-bold text-brand underline-offset-4 hover:underline">
            همهٔ تراکنش‌ها
          </a>
        )}
      </div>
      {recent.status === 'failed' ? (
        <LoadFailed text="تراکنش‌ها بارگذاری نشد." onRetry={reloadTransactions} />
      ) : recent.status === 'loading' ? (
        <Loading text="در حال بارگذاری تراکنش‌ها…" />
      ) : recent.data.items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-card p-5 text-muted">هنوز تراکنشی ندارید. با شارژ کیف پول، اولین تراکنش اینجا دیده می‌شود.</p>
      ) : (
        <TransactionList items={recent.data.items} />
      )}
    </section>
  );
}

/** /financial: the balance, the ways to add or take money, and the latest transactions. */
export function WalletPage() {
  return (
    <AuthGate what={promptWhat.wallet}>
      <div className="mx-auto flex max-w-3xl flex-col gap-5">
        <h1 className="text-xl font-bold">کیف پول</h1>
        <BalanceCard />
        <div className="grid grid-cols-2 gap-3">
          <a href="/financial/charge-wallet" className={`${linkButton} bg-btn-auth text-btn-auth-ink`}>
            شارژ کیف پول
          </a>
          <a href="/financial/refund" className={`${linkButton} border border-line hover:bg-card`}>
            برداشت به حساب
          </a>
        </div>
        <RecentTransactions />
      </div>
    </AuthGate>
  );
}
