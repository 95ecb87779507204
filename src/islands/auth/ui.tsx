import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

/** A labelled text field with its error messages, wired for screen readers. */
export function TextField({
  label,
  errors,
  hint,
  ...input
}: { label: string; errors?: readonly string[] | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
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

export function PrimaryButton({ children, busy, ...props }: { busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink disabled:opacity-60"
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function SecondaryButton({ children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="inline-flex min-h-12 items-center justify-center rounded-xl border border-line px-5 font-bold text-ink hover:bg-page disabled:opacity-60"
      {...props}
    >
      {children}
    </button>
  );
}

/** A message for the whole step (network down, too many tries…), read out when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  return (
    <p role="alert" className={message ? 'rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}
