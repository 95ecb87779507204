import { Form, reset, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import { type Withdrawal, type WithdrawalBody, WithdrawalSchema, withdrawalAmountProblem } from '#lib/api/contracts/wallet.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { formatAmountInput, formatIban, formatIbanInput } from '#lib/format/grouped-input.ts';
import { formatRial } from '#lib/format/number.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $wallet, $withdrawals, cancelWithdrawal, loadWithdrawals, withdraw } from '#stores/wallet.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { ConfirmSheet } from '../ui/ConfirmSheet.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { FormattedField } from '../ui/FormattedField.tsx';
import { LoadFailed, Loading } from '../ui/LoadState.tsx';
import { Pager } from '../ui/Pager.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { AmountField } from './AmountField.tsx';
import { BackToWallet } from './BackToWallet.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { WITHDRAWAL_STATUS_LABELS } from './labels.ts';

/** The toast after a withdrawal is recorded. */
export const WITHDRAWAL_RECORDED = 'درخواست برداشت ثبت شد. مبلغ پس از بررسی بیمارستان به حساب شما واریز می‌شود.';
export const WITHDRAWAL_CANCELLED = 'درخواست برداشت لغو شد و مبلغ به کیف پول برگشت.';

const FIELDS = ['amount', 'iban'] as const;

function WithdrawalForm() {
  const wallet = useStore($wallet);
  const available = wallet.status === 'ready' ? wallet.data.available : 0;
  const [pending, setPending] = useState<WithdrawalBody>();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useForm({ schema: WithdrawalSchema, initialInput: { amount: '', iban: '' }, validate: 'submit', revalidate: 'input' });
  const amount = useField(form, { path: ['amount'] });
  const iban = useField(form, { path: ['iban'] });
  // Checked against the balance as it is typed (the server refuses it too): only once the balance is
  // known, and only while the schema has nothing to say about the amount itself.
  const aboveAvailable = (input: unknown) =>
    wallet.status === 'ready' && (typeof input === 'number' || (typeof input === 'string' && input.trim() !== '')) ? withdrawalAmountProblem(input, available) : undefined;
  const overBalance = aboveAvailable(amount.input);
  const amountErrors = amount.errors ?? (overBalance ? [overBalance] : null);

  const submit = async (body: WithdrawalBody) => {
    setSending(true);
    setProblem(undefined);
    try {
      await withdraw(body);
      setPending(undefined);
      // Back to a fresh form: empty, and no «required» under fields the patient has not touched yet.
      reset(form);
      notify.success(WITHDRAWAL_RECORDED);
    } catch (error) {
      setPending(undefined);
      setProblem(showFormFailure(form, error, FIELDS));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form
        of={form}
        className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-5"
        onSubmit={(output) => {
          setProblem(undefined);
          if (aboveAvailable(output.amount) !== undefined) {
            document.getElementsByName(amount.props.name)[0]?.focus();
            return;
          }
          setPending(output);
        }}
      >
        <h2 className="text-lg font-bold">درخواست برداشت</h2>
        <div className="flex flex-col gap-2">
          <AmountField
            label="مبلغ برداشت (ریال)"
            name={amount.props.name}
            inputRef={amount.props.ref}
            value={typeof amount.input === 'number' ? String(amount.input) : (amount.input ?? '')}
            onValue={amount.onChange}
            errors={amountErrors}
            disabled={sending}
          />
          <button
            type="button"
            className="self-start min-h-11 rounded-xl border border-line px-4 text-sm font-bold hover:bg-page disabled:opacity-50"
            disabled={sending || available <= 0}
            onClick={() => amount.onChange(formatAmountInput(String(available)))}
          >
            همهٔ موجودی ({formatRial(available)})
          </button>
        </div>
        <div className="flex flex-col gap-1">
          <FormattedField
            label="شماره شبا (۲۴ رقم بعد از IR)"
            name={iban.props.name}
            inputRef={iban.props.ref}
            value={iban.input ?? ''}
            onValue={iban.onChange}
            format={formatIbanInput}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            prefix="IR"
            placeholder="12 3456 7890 1234 5678 9012 34"
            disabled={sending}
            errors={iban.errors}
            hint="شبای حسابی که به نام خود شماست؛ IR را لازم نیست بنویسید."
          />
        </div>
        <FormAlert message={problem} />
        <PrimaryButton disabled={sending} busy={sending}>
          ادامه
        </PrimaryButton>
      </Form>
      <Sheet open={pending !== undefined} title="تأیید درخواست برداشت" onDismiss={() => !sending && setPending(undefined)}>
        {pending && (
          <div className="flex flex-col gap-4">
            <dl className="divide-y divide-line rounded-xl border border-line">
              <div className="flex justify-between gap-3 px-4 py-3">
                <dt className="text-muted">مبلغ</dt>
                <dd className="font-bold">{formatRial(pending.amount)}</dd>
              </div>
              <div className="flex flex-col gap-1 px-4 py-3">
                <dt className="text-muted">به شبای</dt>
                <dd className="font-bold" dir="ltr">
                  {formatIban(pending.iban)}
                </dd>
              </div>
            </dl>
            <p className="text-sm text-muted">این مبلغ از موجودی قابل استفاده کم می‌شود تا بیمارستان آن را به حساب شما واریز کند. تا پیش از واریز می‌توانید درخواست را لغو کنید.</p>
            <div className="flex flex-wrap gap-3">
              <PrimaryButton type="button" data-autofocus busy={sending} disabled={sending} onClick={() => void submit(pending)}>
                تأیید و ثبت درخواست
              </PrimaryButton>
              <SecondaryButton disabled={sending} onClick={() => setPending(undefined)}>
                ویرایش
              </SecondaryButton>
            </div>
          </div>
        )}
      </Sheet>
    </>
  );
}

const chipClass: Record<Withdrawal['status'], string> = {
  pending: 'border-line text-ink',
  paid: 'border-success text-success',
  rejected: 'border-danger text-danger',
  cancelled: 'border-line text-muted',
};

function WithdrawalItem({ item, onCancel }: { item: Withdrawal; onCancel: (item: Withdrawal) => void }) {
  return (
    <li className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold">{formatRial(item.amount)}</p>
        <span className={`rounded-full border px-3 py-0.5 text-sm font-bold ${chipClass[item.status]}`}>{WITHDRAWAL_STATUS_LABELS[item.status]}</span>
      </div>
      <dl className="grid gap-1 text-sm text-muted">
        <div className="flex flex-wrap gap-x-2">
          <dt>شبا:</dt>
          <dd dir="ltr">{item.iban_masked}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt>شمارهٔ درخواست:</dt>
          <dd dir="ltr">{item.key}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt>ثبت:</dt>
          <dd>
            <time dateTime={item.created_at}>{formatJalaliDateTime(item.created_at)}</time>
          </dd>
        </div>
        {item.status === 'paid' && item.bank_reference && (
          <div className="flex flex-wrap gap-x-2">
            <dt>شمارهٔ پیگیری بانک:</dt>
            <dd dir="ltr">{item.bank_reference}</dd>
          </div>
        )}
        {item.settled_at && item.status !== 'pending' && (
          <div className="flex flex-wrap gap-x-2">
            <dt>{item.status === 'paid' ? 'واریز:' : item.status === 'rejected' ? 'بررسی:' : 'لغو:'}</dt>
            <dd>
              <time dateTime={item.settled_at}>{formatJalaliDateTime(item.settled_at)}</time>
            </dd>
          </div>
        )}
        {item.status === 'rejected' && item.reason && (
          <div className="flex flex-wrap gap-x-2 text-danger">
            <dt>علت:</dt>
            <dd>{item.reason}</dd>
          </div>
        )}
      </dl>
      {item.status === 'pending' && (
        <button type="button" className="self-start min-h-11 rounded-xl border border-line px-4 text-sm font-bold text-danger hover:bg-page" onClick={() => onCancel(item)}>
          لغو درخواست
        </button>
      )}
    </li>
  );
}

function WithdrawalList() {
  const withdrawals = useStore($withdrawals);
  const [cancelling, setCancelling] = useState<Withdrawal>();

  return (
    <section aria-labelledby="withdrawals-title" className="flex flex-col gap-3">
      <h2 id="withdrawals-title" className="text-lg font-bold">
        درخواست‌های برداشت
      </h2>
      {withdrawals.status === 'failed' ? (
        <LoadFailed text="درخواست‌های برداشت بارگذاری نشد." onRetry={() => void loadWithdrawals()} />
      ) : withdrawals.status === 'loading' ? (
        <Loading text="در حال بارگذاری درخواست‌ها…" />
      ) : withdrawals.data.items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-card p-5 text-muted">هنوز درخواست برداشتی ثبت نکرده‌اید.</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-card">
            {withdrawals.data.items.map((item) => (
              <WithdrawalItem key={item.key} item={item} onCancel={setCancelling} />
            ))}
          </ul>
          <Pager meta={withdrawals.data.meta} label="صفحه‌های درخواست‌ها" onPage={(page) => void loadWithdrawals(page)} />
        </>
      )}
      <ConfirmSheet
        subject={cancelling}
        onClose={() => setCancelling(undefined)}
        title="لغو درخواست برداشت"
        confirmLabel="بله، لغو شود"
        action={async (item) => {
          await cancelWithdrawal(item.key);
          return WITHDRAWAL_CANCELLED;
        }}
        failure="درخواست برداشت لغو نشد. دوباره تلاش کنید."
      >
        <p>
          درخواست <bdi dir="ltr">{cancelling?.key}</bdi> به مبلغ {formatRial(cancelling?.amount ?? 0)} لغو شود؟ مبلغ به موجودی کیف پول برمی‌گردد.
        </p>
      </ConfirmSheet>
    </section>
  );
}

/** /financial/refund: money back from the wallet to the patient's bank account, and the requests so far. */
export function RefundPage() {
  return (
    <AuthGate what={promptWhat.wallet}>
      <div className="mx-auto flex max-w-3xl flex-col gap-5">
        <BackToWallet />
        <h1 className="text-xl font-bold">برداشت از کیف پول به حساب بانکی</h1>
        <BalanceCard />
        <WithdrawalForm />
        <WithdrawalList />
      </div>
    </AuthGate>
  );
}
