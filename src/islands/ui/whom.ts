import { useRef, useState } from 'react';
import type { OtherPatient } from '#lib/api/contracts/appointments.ts';

/** Whom a visit or a service is for: the patient, or someone the patient names. */
export type Whom = 'self' | 'other';

/** The choices of the «for whom» ChoiceGroup. */
export const WHOM: readonly { value: Whom; label: string }[] = [
  { value: 'self', label: 'برای خودم' },
  { value: 'other', label: 'برای شخص دیگر' },
];

const NOBODY: OtherPatient = { first_name: '', last_name: '', international_code: '' };

/**
 * The form's `for` object (the other person), reached through the form's own calls: formisch types
 * a path from each form's schema, so each form writes its `getInput`/`setInput` once.
 */
export interface ForPath {
  read: () => Partial<OtherPatient> | undefined;
  write: (input: OtherPatient | undefined) => void;
}

/**
 * The «for me / someone else» choice over a form's `for` object: «for me» leaves `for` out of the
 * body, and keeps the other person's fields aside so they are back if the patient changes their mind.
 */
export function useWhom({ read, write }: ForPath): [Whom, (next: Whom) => void] {
  const [whom, setWhom] = useState<Whom>('self');
  const otherPerson = useRef<OtherPatient>(NOBODY);
  const chooseWhom = (next: Whom) => {
    if (next === whom) return;
    if (next === 'self') {
      otherPerson.current = { ...NOBODY, ...read() };
      write(undefined);
    } else {
      write(otherPerson.current);
    }
    setWhom(next);
  };
  return [whom, chooseWhom];
}
