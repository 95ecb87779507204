import type { IncomingMessage } from 'node:http';

/** The payment gateway's return address (spec §2 /return-bank). */
export const BANK_CALLBACK_PATH = '/return-bank';
/** An invoice's public link (`/sr/invoice/<token>`, 22 characters of base64url), whose page posts its pay form to itself. */
const PUBLIC_INVOICE_PAGE = /^\/sr\/invoice\/[A-Za-z0-9_-]{22}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an HTML form (or a cross-site fetch without a CORS preflight) can send. */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * True for a state-changing request to a page that another site's form could have sent: a form
 * content type (or none) with an Origin that is not ours. Replaces Astro's `security.checkOrigin`,
 * which also answered our bearer-token API with an English text/plain 403 (decision 009).
 *
 * `/api/*` is not checked: the patient API takes only JSON with a bearer token from
 * localStorage, which another site can neither send without a preflight nor read, and the
 * hospital API is called by servers that send no Origin at all.
 */
export function isCrossSiteFormPost(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (pathname.startsWith('/api/')) return false;
  // A bank's callback may be a form posted from the bank's site. /return-bank trusts nothing in it:
  // it verifies with the gateway, server to server, with our amount (decision 012).
  if (pathname === BANK_CALLBACK_PATH) return false;
  const type = req.headers['content-type'];
  if (type !== undefined && !FORM_TYPES.test(type)) return false;
  const origin = req.headers.origin;
  // The public invoice page sends `Referrer-Policy: no-referrer` (its address is a secret), so the
  // browser posts its pay form with `Origin: null`. That form rides on no cookie or session: the
  // token in the address is all it carries, and whoever sends it already holds that token. Only an
  // origin that names another site is refused there.
  if ((!origin || origin === 'null') && PUBLIC_INVOICE_PAGE.test(pathname)) return false;
  if (!origin || origin === 'null') return true;
  if (origin === siteOrigin) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** The answer to a refused cross-site form: a short Persian page. */
export const CROSS_SITE_FORBIDDEN_HTML = `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>درخواست پذیرفته نشد</title></head>
<body><h1>درخواست پذیرفته نشد</h1><p>این فرم از سایت دیگری فرستاده شده است. برای امنیت شما، پورتال فقط فرم‌های صفحه‌های خودش را می‌پذیرد.</p><p><a href="/">بازگشت به صفحهٔ اصلی</a></p></body></html>
`;
