import { persistentAtom } from '@nanostores/persistent';
import type { DateBasis } from '#lib/pregnancy/calculator.ts';

export interface RememberedPregnancyDate {
  basis: DateBasis;
  /** 'YYYY-MM-DD' (Gregorian). */
  date: string;
}

function decode(value: string): RememberedPregnancyDate | undefined {
  try {
    const parsed = JSON.parse(value) as RememberedPregnancyDate;
    return (parsed.basis === 'lmp' || parsed.basis === 'due') && /^\d{4}-\d{2}-\d{2}$/.test(parsed.date) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The date the mother entered in the calculator, kept on this device only (localStorage `pregnancy`). */
export const $pregnancyDate = persistentAtom<RememberedPregnancyDate | undefined>('pregnancy', undefined, { encode: JSON.stringify, decode });

export function rememberPregnancyDate(basis: DateBasis, date: string): void {
  $pregnancyDate.set({ basis, date });
}

export function forgetPregnancyDate(): void {
  $pregnancyDate.set(undefined);
}
