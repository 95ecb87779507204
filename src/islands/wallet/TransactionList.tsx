import type { WalletTransaction } from '#lib/api/contracts/wallet.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { formatPersianNumber, formatRial } from '#lib/format/number.ts';
import { directionLabel, transactionTitle } from './labels.ts';

/** «+۱٬۰۰۰٬۰۰۰» / «−۲۵۰٬۰۰۰»: the sign is part of the figure, read left to right. */
export function SignedAmount({ amount, label }: { amount: number; label: string }) {
  const credit = amount >= 0;
  return (
    <span className={`flex flex-wrap items-center justify-end gap-x-2 font-bold ${credit ? 'text-success' : 'text-danger'}`}>
      <span className="rounded-full border border-current px-2 text-xs">{label}</span>
      <span>
        <bdi dir="ltr">
          {credit ? '+' : '−'}
          {formatPersianNumber(Math.abs(amount))}
        </bdi>{' '}
        ریال
      </span>
    </span>
  );
}

/** Wallet entries, newest first: type, description, Jalali date and time, signed amount, balance after. */
export function TransactionList({ items }: { items: readonly WalletTransaction[] }) {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-card">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-bold">{transactionTitle(item)}</p>
            {item.description && <p className="text-sm text-muted">{item.description}</p>}
            <p className="text-sm text-muted">
              <time dateTime={item.created_at}>{formatJalaliDateTime(item.created_at)}</time>
            </p>
          </div>
          <div className="flex flex-col gap-1 sm:items-end">
            <SignedAmount amount={item.amount} label={directionLabel(item)} />
            <p className="text-sm text-muted">مانده: {formatRial(item.balance_after)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
