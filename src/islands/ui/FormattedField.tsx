import { type InputHTMLAttributes, type ReactNode, type Ref, useLayoutEffect, useRef } from 'react';
import { reformat } from '#lib/format/grouped-input.ts';
import { TextField } from './TextField.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'ref'>;

/**
 * A TextField that formats what is typed (thousands, IBAN groups) as the patient types, keeping the
 * caret after the digit it followed: typing or deleting in the middle never sends it to the end.
 */
export function FormattedField({
  value,
  onValue,
  format,
  inputRef,
  ...field
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  format: (raw: string) => string;
  inputRef?: Ref<HTMLInputElement> | undefined;
  errors?: readonly string[] | null;
  hint?: ReactNode;
} & InputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // After React has put the formatted value in, the caret goes back where the patient had it.
  useLayoutEffect(() => {
    if (caret.current !== null && input.current && document.activeElement === input.current) {
      input.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });

  return (
    <TextField
      {...field}
      ref={(element: HTMLInputElement | null) => {
        input.current = element;
        if (typeof inputRef === 'function') inputRef(element);
        else if (inputRef) inputRef.current = element;
      }}
      value={value}
      onChange={(event) => {
        const next = reformat(event.target.value, event.target.selectionStart ?? event.target.value.length, format);
        caret.current = next.caret;
        onValue(next.value);
      }}
    />
  );
}
