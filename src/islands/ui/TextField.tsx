import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

/** A labelled text field with its error messages, wired for screen readers. */
export function TextField({
  label,
  errors,
  hint,
  ...input
}: { label: string; errors?: readonly string[] | null; hint?: ReactNode; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = errors?.length ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        className="min-h-12 rounded-xl border border-line bg-page px-3 text-base outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60"
        {...input}
      />
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
