import { getVisitorId } from '#client/state/visitor.ts';
import { deviceType } from '#lib/device.ts';
import { TRACKING_BASE_URL } from '../api/base.ts';
import { afterLoad } from './after-load.ts';

/**
 * An invoice's public link and a test result's share link are secrets (the server keeps only their
 * hashes): a report names the page, not the token.
 */
const SECRET_LINK = /(\/sr\/invoice\/|\/test-response\/shared\/)[A-Za-z0-9_-]{22}(?=$|[?#])/;
const withoutSecrets = (address: string) => address.replace(SECRET_LINK, '$1:token');

/** Spec §7: reports one page view; failures are ignored. */
export function trackVisit(): void {
  const visitorId = getVisitorId();
  if (!visitorId) return;
  const body = {
    visitor_id: visitorId,
    path: withoutSecrets(location.pathname + location.search),
    referrer: withoutSecrets(document.referrer),
    user_agent: navigator.userAgent,
    screen_width: screen.width,
    screen_height: screen.height,
    device_type: deviceType(screen.width),
  };
  fetch(`${TRACKING_BASE_URL}/app/track-visit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
    // The answer is not needed (spec §7), but an unread body keeps the request open in the browser.
    .then((response) => response.body?.cancel())
    .catch(() => {});
}

/**
 * Every page load is a navigation here; a page restored from the back/forward cache counts too.
 * The report goes after the page has loaded, off the critical path.
 */
export function startVisitTracking(): void {
  afterLoad(trackVisit);
  addEventListener('pageshow', (event: PageTransitionEvent) => {
    if (event.persisted) trackVisit();
  });
}
