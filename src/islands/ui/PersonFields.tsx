import { type BoundField, FormTextField } from './TextField.tsx';

/** First name, last name and national code: the person fields of registration and of the profile. */
export function PersonFields({
  firstName,
  lastName,
  nationalCode,
  disabled,
  focusFirst,
}: {
  firstName: BoundField;
  lastName: BoundField;
  nationalCode: BoundField;
  disabled: boolean;
  /** Marks the first name as the field a dialog focuses first. */
  focusFirst?: boolean;
}) {
  return (
    <>
      <FormTextField field={firstName} label="نام" autoComplete="given-name" disabled={disabled} {...(focusFirst ? { 'data-autofocus': true } : {})} />
      <FormTextField field={lastName} label="نام خانوادگی" autoComplete="family-name" disabled={disabled} />
      <FormTextField field={nationalCode} label="کد ملی" inputMode="numeric" dir="ltr" disabled={disabled} />
    </>
  );
}
