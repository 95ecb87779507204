import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.dispose());

const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers, redirect: 'manual' });

describe('pages', () => {
  it('serves the home page in Persian, right to left, with every security header', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fa" dir="rtl">/);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self' 'sha256-"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('hashes every inline script the page carries into its CSP', async () => {
    const response = await get('/');
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    // Executable inline scripts only: JSON-LD data blocks are never run, so CSP does not govern them.
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const script of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  });

  it('sets the locale cookie for a year, SameSite=Lax, once', async () => {
    const first = await get('/');
    expect(first.headers.get('set-cookie')).toBe('i18n_redirected=fa; Max-Age=31536000; Path=/; SameSite=Lax');
    const again = await get('/', { cookie: 'i18n_redirected=fa' });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('answers an unknown page with the Persian 404 page, its redirect script and status 404', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    // The path is isolated left to right, so RTL text around it cannot turn "/sr" into "sr/"; each
    // segment is isolated too, so a Persian segment cannot reorder its neighbours.
    expect(html).toMatch(/صفحه پیدا نشد: <bdi dir="ltr"[^>]*>\/<bdi data-path-segment>no<\/bdi>\/<bdi data-path-segment>such<\/bdi>\/<bdi data-path-segment>page<\/bdi><\/bdi>/);
    expect(html).toContain('بازگشت به داشبورد');
    expect(html).toMatch(/<script[^>]+src="\/_astro\/[^"]+"/);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("draws a doctor's booking page per request, with the free-cancel rule in its HTML; an unknown doctor is a 404", async () => {
    const response = await get('/appointment/pre-reserve/amirhossein-salehi');
    expect(response.status).toBe(200);
    // It names this build's scripts: revalidated, never kept.
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('نوبت‌دهی دکتر امیرحسین صالحی');
    expect(html).toContain('نوبت را تا ۲۴ ساعت پیش از زمانش می‌توانید رایگان لغو کنید');
    const unknown = await get('/appointment/pre-reserve/no-such-doctor');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('صفحه پیدا نشد');
  });

  it('gives crawlers the 404 without any script', async () => {
    const response = await get('/no/such/page', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('صفحه پیدا نشد');
    expect(html).not.toMatch(/<script[^>]+src=/);
  });
});

describe('static files', () => {
  it('serves hashed assets precompressed with brotli or gzip and immutable caching', async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const br = await get(script!, { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gzip = await get(script!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await get(script!, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes: all three are the same script.
    expect(await br.text()).toBe(await plain.text());
  });

  it('sends a hashed asset only the headers that act on it; a page keeps every one', async () => {
    const page = await get('/');
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(await page.text())?.[1];
    const asset = await get(script!, { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy', 'etag']) {
      expect(asset.headers.get(name), name).toBeNull();
      expect(page.headers.get(name), name).toBeTruthy();
    }
    // A conditional request for an immutable file is answered in full, never 304 on a stale tag.
    expect((await get(script!, { 'if-none-match': '*' })).status).toBe(200);
  });

  it('revalidates pages with ETags', async () => {
    const first = await get('/');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': etag!, 'accept-encoding': first.headers.get('content-encoding') ?? '' });
    expect([200, 304]).toContain(again.status);
  });

  it('refuses path traversal', async () => {
    const response = await get('/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"devDependencies"');
  });

  it('publishes the web manifest in Persian with its icons', async () => {
    const manifest = (await (await get('/manifest.json')).json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ lang: 'fa', dir: 'rtl', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes}/${icon.purpose}`)).toEqual(['192x192/any', '512x512/any', '512x512/maskable']);
    for (const icon of manifest.icons) {
      const response = await get(icon.src);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });

  it('serves the service worker and the build id uncached', async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('/offline/index.html');
    const latest = await get(`/builds/latest.json?t=${Date.now()}`);
    expect(latest.headers.get('cache-control')).toBe('no-cache');
    expect((await latest.json()) as { id: string }).toMatchObject({ id: expect.any(String) });
  });

  it('has robots.txt naming the sitemap by its absolute address, and the sitemap', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap-index\.xml$/m);
    expect((await get('/sitemap-index.xml')).status).toBe(200);
    // Only indexable pages: the bank's hand-off and receipt are noindex, the account areas private.
    const pages = [...(await (await get('/sitemap-0.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages).toContain('/appointment');
    // The booking pages are rendered per request too: one for each doctor with a profile.
    const profiles = pages.filter((page) => page.startsWith('/appointment/doctor-profile/'));
    expect(profiles.length).toBeGreaterThan(0);
    expect(pages.filter((page) => page.startsWith('/appointment/pre-reserve/')).sort()).toEqual(profiles.map((page) => page.replace('/doctor-profile/', '/pre-reserve/')).sort());
    expect(pages.filter((page) => /^\/(go-to-bank|return-bank|sandbox-bank|patient-profile|financial|test-response|sr\/request|sr\/invoice)(\/|$)/.test(page))).toEqual([]);
  });

  it('compresses pages rendered per request (the 404 page) with brotli or gzip', async () => {
    const br = await get('/no/such/page', { 'accept-encoding': 'br' });
    expect(br.status).toBe(404);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('صفحه پیدا نشد');
    const gzip = await get('/no/such/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('API envelope', () => {
  it('answers unknown API paths with a JSON 404, not the HTML page', async () => {
    const response = await get('/api/nothing/here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ success: false, message: expect.stringMatching(/[\u0600-\u06FF]/) });
  });

  it('reports health', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
