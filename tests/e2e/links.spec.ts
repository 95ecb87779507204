import type { Page } from '@playwright/test';
import { expect, newNationalCode, newPhone, registerThroughPopup, test } from './fixtures.ts';

/**
 * No link leads to a missing page. Starting at `/`, every same-origin <a href> of
 * every page reached is followed breadth-first (hidden ones too: the user menu, the profile tabs),
 * logged out and logged in. Prerendered pages are quick, so all doctors and weeks are visited; the
 * cap only stops a runaway (e.g. a link that grows its query string).
 */
const MAX_PAGES = 300;

interface CrawlResult {
  visited: string[];
  broken: string[];
}

async function crawl(page: Page): Promise<CrawlResult> {
  const origin = new URL(page.url()).origin;
  const queue = ['/'];
  const linkedFrom = new Map<string, string>([['/', '(start)']]);
  const visited: string[] = [];
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    visited.push(path);
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    const status = response?.status() ?? 0;
    if (status >= 400 || new URL(page.url()).pathname === '/404') {
      broken.push(`${path} → ${status}, linked from ${linkedFrom.get(path)}`);
      continue;
    }
    // Islands that render at once (client:load, client:only) may add links: wait until they have.
    const pending = "[...document.querySelectorAll('astro-island[ssr]')].some((island) => ['load', 'only', 'idle'].includes(island.getAttribute('client') ?? ''))";
    if (await page.evaluate(pending)) await page.waitForFunction(`!(${pending})`, undefined, { timeout: 5_000 }).catch(() => undefined);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const key = url.pathname + url.search;
      if (linkedFrom.has(key) || linkedFrom.size >= MAX_PAGES) continue;
      linkedFrom.set(key, path);
      queue.push(key);
    }
  }
  return { visited, broken };
}

test.describe('every internal link reaches a page', () => {
  // One crawl per state is enough; both projects render the same links.
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'runs in the desktop project only'));
  test.use({ serviceWorkers: 'block' });
  // Pictures and fonts carry no links.
  test.beforeEach(async ({ page }) => page.route(/\.(png|jpe?g|webp|avif|woff2?)(\?.*)?$/, (route) => route.abort()));

  test('logged out', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/');
    const { visited, broken } = await crawl(page);
    test.info().annotations.push({ type: 'pages crawled', description: String(visited.length) });
    expect(broken).toEqual([]);
    // The crawl reached the catalogue and the pregnancy weeks, not just the header.
    expect(visited).toContain('/appointment/doctor-profile/maryam-ahmadi');
    expect(visited).toContain('/pregnancy-timeline/40');
    expect(visited).toContain('/patient-profile');
    expect(visited.length).toBeLessThan(MAX_PAGES);
  });

  test('logged in, with the user menu and the profile tabs', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/');
    await registerThroughPopup(page, newPhone(), { first: 'سارا', last: 'پیوندی', nationalCode: newNationalCode() });
    const { visited, broken } = await crawl(page);
    test.info().annotations.push({ type: 'pages crawled', description: String(visited.length) });
    expect(broken).toEqual([]);
    expect(visited).toContain('/patient-profile');
    expect(visited.length).toBeLessThan(MAX_PAGES);
    // Still logged in at the end: the crawl saw the pages as a patient does.
    await expect(page.locator('[data-user-name]').first()).toHaveText('سارا پیوندی');
  });
});
