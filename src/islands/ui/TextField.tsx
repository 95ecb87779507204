import type { FieldElementProps } from '@formisch/react';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef, useId } from 'react';
import { toLatinDigits, toPersianDigits } from '#lib/format/digits.ts';

/**
 * Whether a field shows its digits in Persian: the number fields (phone, national code, codes, IBAN,
 * amounts), told by their keyboard. The form still reads Latin digits (see `showPersianDigits`).
 */
export function numberField(input: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'type'>): boolean {
  return input.inputMode === 'numeric' || input.inputMode === 'tel' || input.inputMode === 'decimal' || input.type === 'tel';
}

/**
 * Runs `onChange` with the field's digits in Latin (what forms validate and send), then shows them in
 * Persian like the rest of the page. Both are one character per digit, so the caret stays where it was.
 * Typed, pasted (Latin, Persian or Arabic-Indic digits) and autofilled (WebOTP, saved numbers) input all
 * come through here.
 */
export function showPersianDigits(event: ChangeEvent<HTMLInputElement>, onChange?: (event: ChangeEvent<HTMLInputElement>) => void): void {
  const element = event.currentTarget;
  const { selectionStart, selectionEnd } = element;
  // Setting the value sends the caret to the end; it goes back where it was (the handler reads it too).
  const replace = (value: string) => {
    if (value === element.value) return;
    element.value = value;
    if (selectionStart !== null && selectionEnd !== null && document.activeElement === element) element.setSelectionRange(selectionStart, selectionEnd);
  };
  replace(toLatinDigits(element.value));
  onChange?.(event);
  replace(toPersianDigits(element.value));
}

/** The ids a field's message paragraph takes, so the control can point at it with `aria-describedby`. */
export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** Under a field: its errors (in red) or else its hint; nothing when it has neither. */
export function FieldMessage({ id, errors, hint }: { id: string; errors?: readonly string[] | null | undefined; hint?: ReactNode }) {
  if (errors?.length) {
    return (
      <p id={errorId(id)} className="text-sm text-danger">
        {errors.join('، ')}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={hintId(id)} className="text-sm text-muted">
      {hint}
    </p>
  );
}

/** A form's field as formisch hands it over (`useField`): what a bound text field takes from it. */
export interface BoundField {
  readonly props: FieldElementProps;
  readonly input: string | undefined;
  readonly errors: readonly string[] | null;
}

export type TextFieldProps = {
  label: string;
  errors?: readonly string[] | null;
  hint?: ReactNode;
  /** Fixed text drawn at the start of a left-to-right field (the «IR» of an IBAN); not part of the value. */
  prefix?: string;
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled text field with its error messages, wired for screen readers. Number fields show Persian
 * digits. The ref reaches the input through `forwardRef`: Preact hands a function component no `ref` prop.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, errors, hint, prefix, value, onChange, ...input }, ref) {
  const id = useId();
  const described = errors?.length ? errorId(id) : hint ? hintId(id) : undefined;
  const persian = numberField(input);
  const field = (
    <input
      ref={ref}
      id={id}
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={described}
      className={`min-h-12 w-full rounded-xl border border-line bg-page ${prefix ? 'ps-11 pe-3' : 'px-3'} text-base outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60`}
      {...input}
      {...(persian && typeof input.placeholder === 'string' ? { placeholder: toPersianDigits(input.placeholder) } : {})}
      {...(value === undefined ? {} : { value: persian && typeof value === 'string' ? toPersianDigits(value) : value })}
      onChange={persian ? (event) => showPersianDigits(event, onChange) : onChange}
    />
  );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      {prefix ? (
        <div dir="ltr" className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 flex items-center font-bold text-muted">
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        field
      )}
      <FieldMessage id={id} errors={errors} hint={hint} />
    </div>
  );
});

/** A `TextField` bound to a form's field: its events, its input and its errors. */
export function FormTextField({ field, ...rest }: { field: BoundField } & Omit<TextFieldProps, 'value' | 'errors'>) {
  return <TextField {...field.props} value={field.input ?? ''} errors={field.errors} {...rest} />;
}
