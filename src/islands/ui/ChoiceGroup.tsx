/**
 * A row of native radio buttons drawn as large buttons: works before hydration, with the keyboard
 * (arrow keys) and screen readers, and needs no inline style (our CSP allows none).
 */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
  errors,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean | undefined;
  errors?: readonly string[] | null | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-bold">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-center font-bold has-checked:border-brand has-checked:bg-brand/10 has-checked:text-brand has-focus-visible:outline-3 has-focus-visible:outline-brand has-disabled:opacity-60"
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
      {errors?.length ? <p className="text-sm text-danger">{errors.join('، ')}</p> : null}
    </fieldset>
  );
}
