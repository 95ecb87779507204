import { ChoiceGroup } from './ChoiceGroup.tsx';

const OPTIONS = [
  { value: 'female', label: 'زن' },
  { value: 'male', label: 'مرد' },
] as const;

type Gender = (typeof OPTIONS)[number]['value'];

/** Spec §3: gender, 'female' by default. */
export function GenderChoice({ value, onChange, disabled, errors }: { value: Gender; onChange: (value: Gender) => void; disabled?: boolean; errors?: readonly string[] | null }) {
  return <ChoiceGroup name="gender" legend="جنسیت" options={OPTIONS} value={value} onChange={onChange} disabled={disabled} errors={errors} />;
}
