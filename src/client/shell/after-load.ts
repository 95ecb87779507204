/**
 * Runs `run` once the page has loaded, at once if it already has: for the shell's work that is no
 * part of what the patient came for (the visit report, the build check, the service worker).
 */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
