import type { Page } from '@playwright/test';
import { expect, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

/**
 * No link leads to a missing page. Starting at `/`, every same-origin <a href> of
 * every page reached is followed breadth-first (hidden ones too: the user menu, the profile tabs),
 * logged out and logged in. Prerendered pages are quick, so all doctors and weeks are visited; the
 * cap only stops a runaway (e.g. a link that grows its query string).
 *
 * Every page is fetched; the browser opens only the pages whose HTML holds an island (and the start
 * page, for what the shell adds), since only script adds links to a page; of the pages of one
 * record route (a doctor's page, booking page or waitlist, a specialty's list, a service's request
 * form) only the first, since their islands draw the same links. Opening every page in the
 * browser, twice, made this the longest spec of the suite for the same answer.
 */
const MAX_PAGES = 300;
const RECORD_ROUTES = [
  /^\/appointment\/(?:doctor-profile|pre-reserve)\/[^/?]+$/,
  /^\/appointment\/pre-reserve\/[^/?]+\?waitlist=join$/,
  /^\/appointment\?expertise=[^&]+$/,
  /^\/sr\/request\/store\?service=[^&]+$/,
];

interface CrawlResult {
  visited: string[];
  opened: string[];
  broken: string[];
}

/** The links of served HTML, resolved against the page's address (entities as the browser reads them). */
function linksOf(html: string, base: string): string[] {
  const decode = (href: string) => href.replaceAll('&amp;', '&').replaceAll('&#38;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");
  return [...html.matchAll(/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((match) => new URL(decode(match[1] ?? match[2] ?? ''), base).href);
}

/** The links the page shows once its islands have drawn. */
async function linksInBrowser(page: Page, path: string): Promise<{ status: number; landed: string; hrefs: string[] }> {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  // Islands that render at once (client:load, client:only) may add links: wait until they have.
  const pending = "[...document.querySelectorAll('astro-island[ssr]')].some((island) => ['load', 'only', 'idle'].includes(island.getAttribute('client') ?? ''))";
  if (await page.evaluate(pending)) await page.waitForFunction(`!(${pending})`, undefined, { timeout: 5_000 }).catch(() => undefined);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  return { status: response?.status() ?? 0, landed: page.url(), hrefs };
}

async function crawl(page: Page): Promise<CrawlResult> {
  const origin = new URL(page.url()).origin;
  const queue = ['/'];
  const linkedFrom = new Map<string, string>([['/', '(start)']]);
  const visited: string[] = [];
  const opened: string[] = [];
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    visited.push(path);
    const response = await page.request.get(path);
    const html = await response.text();
    let status = response.status();
    let landed = response.url();
    let hrefs = linksOf(html, landed);
    const route = RECORD_ROUTES.find((pattern) => pattern.test(path));
    const seenRoute = route !== undefined && opened.some((other) => route.test(other));
    if (path === '/' || (/<astro-island\b/.test(html) && !seenRoute)) {
      opened.push(path);
      ({ status, landed, hrefs } = await linksInBrowser(page, path));
    }
    if (status >= 400 || new URL(landed).pathname === '/404') {
      broken.push(`${path} → ${status}, linked from ${linkedFrom.get(path)}`);
      continue;
    }
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const key = url.pathname + url.search;
      if (linkedFrom.has(key) || linkedFrom.size >= MAX_PAGES) continue;
      linkedFrom.set(key, path);
      queue.push(key);
    }
  }
  return { visited, opened, broken };
}

test.describe('every internal link reaches a page', () => {
  // One crawl per state is enough; both projects render the same links.
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'runs in the desktop project only'));
  test.use({ serviceWorkers: 'block' });
  // Pictures and fonts carry no links.
  test.beforeEach(async ({ page }) => page.route(/\.(png|jpe?g|webp|avif|woff2?)(\?.*)?$/, (route) => route.abort()));

  test('logged out', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const { visited, opened, broken } = await crawl(page);
    test.info().annotations.push({ type: 'pages crawled', description: `${visited.length}, ${opened.length} opened in the browser` });
    expect(broken).toEqual([]);
    // The crawl reached the catalogue and the pregnancy weeks, not just the header.
    expect(visited).toContain('/appointment/doctor-profile/maryam-ahmadi');
    expect(visited).toContain('/pregnancy-timeline/40');
    expect(visited).toContain('/patient-profile');
    expect(visited.length).toBeLessThan(MAX_PAGES);
    // The account pages draw their content in the browser: those were opened there.
    expect(opened).toContain('/patient-profile');
  });

  test('logged in, with the user menu and the profile tabs', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await registerThroughPopup(page, newPhone(), { first: 'سارا', last: 'پیوندی', nationalCode: newNationalCode() });
    const { visited, opened, broken } = await crawl(page);
    test.info().annotations.push({ type: 'pages crawled', description: `${visited.length}, ${opened.length} opened in the browser` });
    expect(broken).toEqual([]);
    expect(visited).toContain('/patient-profile');
    expect(visited.length).toBeLessThan(MAX_PAGES);
    // Still logged in at the end: the crawl saw the pages as a patient does.
    await expect(page.locator('[data-user-name]').first()).toHaveText('سارا پیوندی');
  });
});
