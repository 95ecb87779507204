import { persistentAtom } from '@nanostores/persistent';

const prefersDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** Dark mode, kept in localStorage `dark` as "true"/"false" (spec §1); unset follows the system. */
export const $dark = persistentAtom<boolean>('dark', prefersDark(), {
  encode: String,
  decode: (value) => value === 'true',
});

export function setDark(dark: boolean): void {
  $dark.set(dark);
}

export function toggleDark(): void {
  setDark(!$dark.get());
}
