import { Field, Label, Radio, RadioGroup } from '@headlessui/react';

const OPTIONS = [
  { value: 'female', label: 'زن' },
  { value: 'male', label: 'مرد' },
] as const;

type Gender = (typeof OPTIONS)[number]['value'];

/** Spec §3: gender, 'female' by default. */
export function GenderChoice({
  value,
  onChange,
  disabled,
  errors,
}: {
  value: Gender;
  onChange: (value: Gender) => void;
  disabled?: boolean;
  errors?: readonly string[] | null;
}) {
  return (
    <div className="flex flex-col gap-1">
      <RadioGroup value={value} onChange={onChange} disabled={disabled} aria-label="جنسیت" className="flex flex-col gap-1">
        <span className="text-sm font-bold" aria-hidden="true">
          جنسیت
        </span>
        <div className="grid grid-cols-2 gap-3">
          {OPTIONS.map((option) => (
            <Field key={option.value}>
              <Radio
                value={option.value}
                className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line font-bold data-checked:border-brand data-checked:bg-brand/10 data-checked:text-brand data-disabled:opacity-60 data-focus:outline-3 data-focus:outline-brand"
              >
                <Label className="cursor-pointer">{option.label}</Label>
              </Radio>
            </Field>
          ))}
        </div>
      </RadioGroup>
      {errors?.length ? <p className="text-sm text-danger">{errors.join('، ')}</p> : null}
    </div>
  );
}
