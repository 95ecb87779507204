/**
 * Runs before first paint (inline in <head>, allowed by its CSP hash): applies the stored theme so
 * a dark-mode user never sees a light flash. `localStorage.dark` is "true" or "false" (spec §1);
 * without a stored choice the system preference decides.
 */
export const themeInitScript =
  "try{var d=localStorage.getItem('dark');if(d==='true'||(d===null&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";
