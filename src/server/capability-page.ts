/**
 * The headers of a page opened by a token in its address (a shared invoice, a shared test result):
 * never stored by a cache, never indexed, and no Referer takes the token anywhere — not to our own
 * pages either, where the next page's document.referrer would carry it into visit tracking.
 */
export function guardCapabilityPage(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('Referrer-Policy', 'no-referrer');
}
