/** A page opened from a link that did not open: gone, or asked too often. */
export type LinkRefusal = { kind: 'missing' } | { kind: 'limited'; retryAfter: number };

/**
 * The status a link page answers with for what its service found: 404 for a link that leads nowhere,
 * 429 with `Retry-After` for too many tries, untouched otherwise. LinkProblem.astro draws the page.
 */
export function setLinkStatus(response: { status?: number; readonly headers: Headers }, view: LinkRefusal | { kind: string }): void {
  if (view.kind === 'missing') response.status = 404;
  if (view.kind === 'limited' && 'retryAfter' in view) {
    response.status = 429;
    response.headers.set('Retry-After', String(view.retryAfter));
  }
}
