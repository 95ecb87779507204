import { $dark, toggleDark } from '#client/state/theme.ts';

/** Wires the header's theme buttons and keeps <html class="dark"> in step with the store. */
export function startTheme(): void {
  $dark.subscribe((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    for (const button of document.querySelectorAll('[data-theme-toggle]')) {
      button.setAttribute('aria-pressed', String(dark));
    }
  });
  for (const button of document.querySelectorAll('[data-theme-toggle]')) {
    button.addEventListener('click', toggleDark);
  }
}
