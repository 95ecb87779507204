const GAP_PX = 8;

/**
 * Keeps the toasts in `host` below the page header (its login button and user menu stay
 * reachable), and at the top once it scrolls away: sets `--portal-toast-top` now and on every
 * scroll and resize, once a frame. Answers how to stop. Shared by the React toast renderer and the
 * plain one the service worker keeps for offline pages.
 */
export function keepBelowHeader(host: HTMLElement): () => void {
  const header = document.querySelector('header');
  let frame = 0;
  const place = () => {
    frame = 0;
    const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
    host.style.setProperty('--portal-toast-top', `${Math.round(bottom) + GAP_PX}px`);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(place);
  };
  place();
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule);
  return () => {
    removeEventListener('scroll', schedule);
    removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}
