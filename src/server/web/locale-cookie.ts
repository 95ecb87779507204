import type { IncomingMessage, ServerResponse } from 'node:http';

/** Spec §1, §9: the locale cookie `i18n_redirected=fa`, 365 days, SameSite=Lax. */
export const LOCALE_COOKIE = `i18n_redirected=fa; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`;

/** Sets the locale cookie on a page response when the browser does not have it yet. */
export function setLocaleCookie(req: IncomingMessage, res: ServerResponse): void {
  if (!/(?:^|;\s*)i18n_redirected=fa(?:;|$)/.test(req.headers.cookie ?? '')) {
    res.appendHeader('Set-Cookie', LOCALE_COOKIE);
  }
}
