/**
 * The Content-Security-Policy of the portal (DESIGN.md §5). Astro adds `script-src` and
 * `style-src` with the hashes of each page's inline scripts and styles (security.csp in
 * astro.config.ts) and sends it as a header (node adapter `staticHeaders`, see page-csp.ts).
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
] as const;

/** For responses that are not pages (API, scripts, images): nothing may run or frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** For /sw.js: a worker runs under its script's policy, and it must fetch and cache our own files. */
export const WORKER_CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'";
