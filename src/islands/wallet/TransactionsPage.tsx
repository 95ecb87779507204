import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import type { StatementFilters } from '#lib/wallet/statement-filters.ts';
import { TRANSACTION_TYPES, type TransactionType } from '#lib/wallet/terms.ts';
import { $statement, $statementFilters, loadStatement, setStatementFilters } from '#stores/transactions.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { JalaliRangeField } from '../dates/JalaliRangeField.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { Pager } from '../ui/Pager.tsx';
import { BackToWallet } from './BackToWallet.tsx';
import { TRANSACTION_TYPE_LABELS } from './labels.ts';
import { TransactionList } from './TransactionList.tsx';

const ALL = '';

function Filters({ filters }: { filters: StatementFilters }) {
  const typeId = useId();
  // A change of type or days starts again at the first page.
  const change = (next: Partial<StatementFilters>) => {
    const { type, from, to } = { ...filters, ...next };
    setStatementFilters({ ...(type ? { type } : {}), ...(from && to ? { from, to } : {}), page: 1 });
  };
  const filtered = Boolean(filters.type || filters.from);
  return (
    <section aria-labelledby="filters-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4">
      <h2 id="filters-title" className="sr-only">
        فیلتر تراکنش‌ها
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-bold">
            نوع تراکنش
          </label>
          <select
            id={typeId}
            className="min-h-12 rounded-xl border border-line bg-page px-3 text-base outline-none focus:border-brand"
            value={filters.type ?? ALL}
            onChange={(event) => {
              const value = event.target.value;
              change({ type: value === ALL ? undefined : (value as TransactionType) });
            }}
          >
            <option value={ALL}>همهٔ تراکنش‌ها</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {TRANSACTION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <JalaliRangeField
          id="statement-days"
          label="بازهٔ تاریخ"
          from={filters.from ?? ''}
          to={filters.to ?? ''}
          max={toTehranIsoDate(new Date())}
          onChange={({ from, to }) => change({ from: from || undefined, to: to || undefined })}
        />
      </div>
      {filtered && (
        <button type="button" className="self-start min-h-11 rounded-xl px-2 font-bold text-brand underline-offset-4 hover:underline" onClick={() => setStatementFilters({ page: 1 })}>
          حذف همهٔ فیلترها
        </button>
      )}
    </section>
  );
}

function Statement({ filtered }: { filtered: boolean }) {
  const statement = useStore($statement);
  const filters = useStore($statementFilters);
  if (statement.status === 'failed') return <LoadFailed text="تراکنش‌ها بارگذاری نشد." onRetry={() => void loadStatement()} />;
  if (statement.status === 'loading') return <Loading text="در حال بارگذاری تراکنش‌ها…" />;
  const { items, meta } = statement.data;
  if (items.length === 0) {
    return <p className="rounded-2xl border border-line bg-card p-5 text-muted">{filtered ? 'تراکنشی با این فیلترها پیدا نشد.' : 'هنوز تراکنشی ندارید.'}</p>;
  }
  return (
    <>
      <p className="text-sm text-muted">{toPersianDigits(meta.total)} تراکنش</p>
      <TransactionList items={items} />
      <Pager meta={meta} label="صفحه‌های تراکنش‌ها" onPage={(page) => setStatementFilters({ ...filters, page })} />
    </>
  );
}

/** /financial/transactions: the whole statement, filtered by type and days (kept in the address). */
export function TransactionsPage() {
  const filters = useStore($statementFilters);
  return (
    <AuthGate what={promptWhat.transactions}>
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <BackToWallet />
        <h1 className="text-xl font-bold">تراکنش‌های کیف پول</h1>
        <Filters filters={filters} />
        <Statement filtered={Boolean(filters.type || filters.from)} />
      </div>
    </AuthGate>
  );
}
