import type { Ref } from 'react';
import { formatAmountInput } from '#lib/format/grouped-input.ts';
import { formatPersianNumber, parseNumber } from '#lib/format/number.ts';
import { numberToPersianWords } from '#lib/format/words.ts';
import { FormattedField } from '../ui/FormattedField.tsx';

/** «یک میلیون و پانصد هزار ریال، برابر با ۱۵۰٬۰۰۰ تومان», or nothing for no amount. */
export function amountInWords(value: string): string | undefined {
  const rials = parseNumber(value);
  if (!Number.isSafeInteger(rials) || rials <= 0) return undefined;
  return `${numberToPersianWords(rials)} ریال، برابر با ${formatPersianNumber(Math.floor(rials / 10))} تومان`;
}

/** An amount in rials, grouped in thousands as typed, with the amount in words and in tomans below it. */
export function AmountField({
  label,
  value,
  onValue,
  errors,
  disabled,
  name,
  inputRef,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors: readonly string[] | null;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FormattedField
      label={label}
      name={name}
      inputRef={inputRef}
      value={value}
      onValue={onValue}
      format={formatAmountInput}
      inputMode="numeric"
      autoComplete="off"
      placeholder="مثلاً ۱٬۰۰۰٬۰۰۰"
      disabled={disabled}
      errors={errors}
      hint={amountInWords(value) ?? 'مبلغ را به ریال وارد کنید.'}
    />
  );
}
