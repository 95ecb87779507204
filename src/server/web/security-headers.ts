import type { ServerResponse } from 'node:http';

import { NON_PAGE_CSP } from './csp.ts';

/** One year: browsers keep using https for the portal's host that long after each visit. */
const HSTS = 'max-age=31536000';

/**
 * The headers every response carries (DESIGN.md §5); pages replace the CSP with their own. HSTS
 * only when the portal's public address is https: over plain http browsers ignore it, and a
 * test install on http://localhost must not pin https on localhost for a year.
 */
export function securityHeadersFor(siteUrl: string): (res: ServerResponse) => void {
  const https = new URL(siteUrl).protocol === 'https:';
  return (res) => {
    res.setHeader('Content-Security-Policy', NON_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if (https) res.setHeader('Strict-Transport-Security', HSTS);
  };
}
