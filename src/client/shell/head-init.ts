/**
 * Runs before first paint (inline in <head>, allowed by its CSP hash), so nothing flashes:
 * - the stored theme: `localStorage.dark` is "true" or "false" (spec §1); unset follows the system;
 * - whether someone is logged in (`token` and `user` stored, spec §3), for the header to show the
 *   user menu instead of the login button.
 */
export const headInitScript =
  "try{var s=localStorage,d=s.getItem('dark'),h=document.documentElement;if(d==='true'||(d===null&&matchMedia('(prefers-color-scheme: dark)').matches))h.classList.add('dark');if(s.getItem('token')&&s.getItem('user'))h.dataset.auth='in'}catch(e){}";
