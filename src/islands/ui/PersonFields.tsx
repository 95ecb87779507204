import type { FieldElementProps } from '@formisch/react';
import { TextField } from './TextField.tsx';

/** What PersonFields needs of a formisch text field. */
interface TextFieldStore {
  props: FieldElementProps;
  input: string | undefined;
  errors: readonly string[] | null;
}

/** First name, last name and national code: the person fields of registration and of the profile. */
export function PersonFields({
  firstName,
  lastName,
  nationalCode,
  disabled,
  focusFirst,
}: {
  firstName: TextFieldStore;
  lastName: TextFieldStore;
  nationalCode: TextFieldStore;
  disabled: boolean;
  /** Marks the first name as the field a dialog focuses first. */
  focusFirst?: boolean;
}) {
  return (
    <>
      <TextField
        {...firstName.props}
        value={firstName.input ?? ''}
        label="نام"
        autoComplete="given-name"
        errors={firstName.errors}
        disabled={disabled}
        {...(focusFirst ? { 'data-autofocus': true } : {})}
      />
      <TextField {...lastName.props} value={lastName.input ?? ''} label="نام خانوادگی" autoComplete="family-name" errors={lastName.errors} disabled={disabled} />
      <TextField {...nationalCode.props} value={nationalCode.input ?? ''} label="کد ملی" inputMode="numeric" dir="ltr" errors={nationalCode.errors} disabled={disabled} />
    </>
  );
}
