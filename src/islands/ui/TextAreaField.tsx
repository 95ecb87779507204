import { forwardRef, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { toPersianDigits } from '#lib/format/digits.ts';
import { errorId, FieldMessage, hintId } from './TextField.tsx';

/**
 * A labelled text area with its error messages and a live count of the characters used out of
 * `max` (the rule's own limit: going past it is allowed while typing, and the rule's message says so).
 * The ref reaches the text area through `forwardRef`: Preact hands a function component no `ref` prop.
 */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  {
    label: string;
    errors?: readonly string[] | null;
    hint?: ReactNode;
    max: number;
    value: string;
  } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'>
>(function TextAreaField({ label, errors, hint, max, value, ...area }, ref) {
  const id = useId();
  const over = value.length > max;
  const described = [errors?.length ? errorId(id) : hint ? hintId(id) : undefined, `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        value={value}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        className="min-h-24 w-full rounded-xl border border-line bg-page px-3 py-2 text-base leading-7 outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60"
        {...area}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        {errors?.length || hint ? <FieldMessage id={id} errors={errors} hint={hint} /> : <span />}
        <p id={`${id}-count`} className={`ms-auto text-sm tabular-nums ${over ? 'font-bold text-danger' : 'text-muted'}`} data-count>
          {toPersianDigits(value.length)} از {toPersianDigits(max)} نویسه
        </p>
      </div>
    </div>
  );
});
