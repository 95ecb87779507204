/**
 * Paths with broken percent-encoding (`/sr/invoice/%ZZ`, `/%E0%A4%A`). Astro decodes every path
 * with `decodeURI` (again and again, up to ten times, against double encoding); when that throws,
 * it routes the raw path as it is but logs an `[ERROR]` when it renders: anyone could fill the
 * error log with them. The portal server hands Astro such a path with its `%` escaped, which
 * decodes to the very raw path Astro would have routed (the same route and parameters, the same
 * answer, no log line); a path encoded too deeply is answered by the server itself.
 */

/** Decodings after the first that Astro allows before it refuses a path as encoded too deeply. */
const MAX_DECODE_ITERATIONS = 10;

/** True when Astro can decode `pathname` (the same steps as its `validateAndDecodePathname`). */
export function isDecodablePath(pathname: string): boolean {
  let current = pathname;
  let decoded: string;
  try {
    decoded = decodeURI(current);
  } catch {
    return false;
  }
  for (let iterations = 0; decoded !== current; iterations++) {
    if (iterations >= MAX_DECODE_ITERATIONS) return false;
    current = decoded;
    try {
      decoded = decodeURI(current);
    } catch {
      // A later layer that does not decode is taken as text, as Astro does.
      return true;
    }
  }
  return true;
}

/**
 * The request target to hand Astro: `rawUrl` itself when its path decodes, the same with every `%`
 * of its path escaped when it does not decode at all, undefined when it is encoded too deeply.
 */
export function decodableTarget(rawUrl: string): string | undefined {
  if (isDecodablePath(pathnameOf(rawUrl))) return rawUrl;
  const query = rawUrl.indexOf('?');
  const path = query === -1 ? rawUrl : rawUrl.slice(0, query);
  const escaped = `${path.replace(/%/g, '%25')}${query === -1 ? '' : rawUrl.slice(query)}`;
  return isDecodablePath(pathnameOf(escaped)) && decodeURI(pathnameOf(escaped)) === pathnameOf(path) ? escaped : undefined;
}

/** The path of a raw request target as a URL parser reads it (Astro reads it that way). */
export function pathnameOf(rawUrl: string): string {
  try {
    return new URL(rawUrl.replace(/^\/+/, '/'), 'http://portal.invalid').pathname;
  } catch {
    return rawUrl.split('?', 1)[0] ?? '/';
  }
}

export const MALFORMED_URL_HTML = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>نشانی درست نیست</title></head>
<body><h1>نشانی درست نیست</h1><p>این نشانی نویسه‌هایی دارد که خوانده نمی‌شود؛ آن را دوباره از روی پیوند اصلی باز کنید.</p><p><a href="/">بازگشت به صفحهٔ اصلی</a></p></body></html>
`;
