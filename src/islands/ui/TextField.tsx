import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

/** A labelled text field with its error messages, wired for screen readers. */
export function TextField({
  label,
  errors,
  hint,
  prefix,
  ...input
}: {
  label: string;
  errors?: readonly string[] | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Fixed text drawn at the start of a left-to-right field (the «IR» of an IBAN); not part of the value. */
  prefix?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = errors?.length ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const field = (
    <input
      id={id}
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={described}
      className={`min-h-12 w-full rounded-xl border border-line bg-page ${prefix ? 'ps-11 pe-3' : 'px-3'} text-base outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60`}
      {...input}
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
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {errors.join('، ')}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
