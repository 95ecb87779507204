import { existsSync, readFileSync } from 'node:fs';

type HeadersJson = { pathname: string; headers: { key: string; value: string }[] }[];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Astro writes each prerendered page's CSP (with the hashes of its inline scripts and styles) to
 * dist/_headers.json (node adapter `staticHeaders`). Returns a lookup of the full policy by path.
 */
export function loadPageCsp(headersFile: string): (pathname: string) => string | undefined {
  const byPath = new Map<string, string>();
  if (existsSync(headersFile)) {
    for (const route of JSON.parse(readFileSync(headersFile, 'utf8')) as HeadersJson) {
      const csp = route.headers.find((header) => header.key.toLowerCase() === 'content-security-policy');
      if (csp) byPath.set(normalise(route.pathname), csp.value);
    }
  }
  return (pathname) => byPath.get(normalise(pathname.replace(/\/index\.html$/, '/')));
}
