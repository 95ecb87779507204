import { Form, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { type ChargeBody, chargeSchema } from '#lib/api/contracts/wallet.ts';
import { formatAmountInput } from '#lib/format/grouped-input.ts';
import { formatRial, parseNumber } from '#lib/format/number.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { MIN_AMOUNT_RIAL } from '#lib/validation/numeric.ts';
import { CHARGE_PRESETS } from '#lib/wallet/terms.ts';
import { $wallet, startCharge } from '#stores/wallet.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { AmountField } from './AmountField.tsx';

const presetClass = 'min-h-12 rounded-xl border border-line px-2 font-bold hover:bg-page aria-pressed:border-brand aria-pressed:bg-brand/10 aria-pressed:text-brand';

function CurrentBalance() {
  const wallet = useStore($wallet);
  return (
    <p className="text-muted" aria-live="polite">
      موجودی فعلی: <span className="font-bold text-ink">{wallet.status === 'ready' ? formatRial(wallet.data.available) : '…'}</span>
    </p>
  );
}

function ChargeForm({ max, returnTo }: { max: number; returnTo: ChargeBody['return_to'] }) {
  const schema = useMemo(() => chargeSchema(max), [max]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useForm({ schema, initialInput: { amount: '' }, validate: 'submit', revalidate: 'input' });
  const amount = useField(form, { path: ['amount'] });
  const typed = typeof amount.input === 'number' ? String(amount.input) : (amount.input ?? '');
  const typedRials = parseNumber(typed);

  return (
    <Form
      of={form}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-5"
      onSubmit={async (output) => {
        setSending(true);
        setProblem(undefined);
        try {
          location.assign(await startCharge(output.amount, returnTo));
          // The button stays busy while the browser leaves for the bank.
        } catch (error) {
          setProblem(showFormFailure(form, error, ['amount']));
          setSending(false);
        }
      }}
    >
      <CurrentBalance />
      <AmountField label="مبلغ شارژ (ریال)" name={amount.props.name} inputRef={amount.props.ref} value={typed} onValue={amount.onChange} errors={amount.errors} disabled={sending} />
      <fieldset className="flex flex-col gap-2" disabled={sending}>
        <legend className="mb-1 text-sm font-bold">مبلغ‌های پیشنهادی</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CHARGE_PRESETS.map((preset) => (
            <button key={preset} type="button" className={presetClass} aria-pressed={typedRials === preset} onClick={() => amount.onChange(formatAmountInput(String(preset)))}>
              {formatRial(preset)}
            </button>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">
        کمترین مبلغ {formatRial(MIN_AMOUNT_RIAL)} و بیشترین {formatRial(max)} است. پس از «پرداخت» به درگاه بانک می‌روید و پس از پرداخت به این سایت برمی‌گردید.
      </p>
      <FormAlert message={problem} />
      <PrimaryButton disabled={sending} busy={sending}>
        پرداخت و شارژ
      </PrimaryButton>
    </Form>
  );
}

/** /financial/charge-wallet and /patient-profile/charge-wallet: an amount, then the bank. */
export function ChargePage({ max, returnTo }: { max: number; returnTo: ChargeBody['return_to'] }) {
  return (
    <AuthGate what={promptWhat.wallet}>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h1 className="text-xl font-bold">شارژ کیف پول</h1>
        <ChargeForm max={max} returnTo={returnTo} />
      </div>
    </AuthGate>
  );
}
