import { expect, type Page, test } from '@playwright/test';
import { toPersianDigits } from '../../src/lib/format/digits.ts';

test('installable: the page links a Persian manifest with icons', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.json');
  const manifest = await (await request.get('/manifest.json')).json();
  expect(manifest).toMatchObject({ lang: 'fa', dir: 'rtl', display: 'standalone' });
});

test('the service worker takes control, keeps visited pages and shows the offline page for the rest', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Visit a second page while online so that it is cached.
  await page.goto('/offline');
  await page.goto('/');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('پورتال بیماران');
  await page.goto('/never-visited-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('به اینترنت وصل نیستید');
  await context.setOffline(false);
});

test.describe('offline after one visit', () => {
  /** The page's worker is active and has stored this page and its section (src/client/shell/service-worker.ts). */
  const offlineReady = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-offline-ready', '', { timeout: 20_000 });
  /** Empties Chromium's HTTP cache, so that only the service worker can answer offline. */
  const clearHttpCache = async (page: Page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  };

  test('opening only the timeline is enough to read any week offline', async ({ page, context }) => {
    await page.goto('/pregnancy-timeline');
    await offlineReady(page);
    await clearHttpCache(page);

    await context.setOffline(true);
    await page.goto('/pregnancy-timeline/30');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`هفتهٔ ${toPersianDigits(30)} بارداری`);
    await page.goto('/pregnancy-timeline/trimester-1');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('به اینترنت وصل نیستید');
    await context.setOffline(false);
  });

  test('opening one week page is enough too', async ({ page, context }) => {
    await page.goto('/pregnancy-timeline/12');
    await offlineReady(page);
    await clearHttpCache(page);
    await context.setOffline(true);
    await page.goto('/pregnancy-timeline/30');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`هفتهٔ ${toPersianDigits(30)} بارداری`);
    await context.setOffline(false);
  });

  test("a doctor's page seen once shows with its photo offline", async ({ page, context }) => {
    await page.goto('/appointment/doctor-profile/maryam-ahmadi');
    await offlineReady(page);
    await clearHttpCache(page);

    await context.setOffline(true);
    await page.goto('/');
    await page.goto('/appointment/doctor-profile/maryam-ahmadi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('دکتر مریم احمدی');
    const photo = page.locator('main img[src*="maryam-ahmadi"]');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await context.setOffline(false);
  });
});

test.describe('what the worker downloads', () => {
  /** Every script URL in the worker's caches. */
  const storedScripts = (page: Page) =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls.filter((url) => url.endsWith('.js'));
    });

  test('a first visit stores no island code; the calculator page, once the worker serves it, stores its own', async ({ page }) => {
    await page.goto('/pregnancy-timeline/12');
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', '', { timeout: 20_000 });
    const first = await storedScripts(page);
    // The shell and the plain offline notice are kept; islands, React and its toast renderer are not.
    expect(first.some((url) => /\/Base\.astro_[^/]+\.js$/.test(url))).toBe(true);
    expect(first.some((url) => /\/toast-fallback\.[^/]+\.js$/.test(url))).toBe(true);
    expect(first.filter((url) => /\/(?:PregnancyCalculator|JalaliDatePicker|toast-host|mount-login)\.[^/]+\.js$/.test(url))).toEqual([]);

    // Opened through the worker, the page with the calculator brings its code, date picker included.
    await page.goto('/pregnancy-timeline');
    await expect.poll(async () => (await storedScripts(page)).filter((url) => /\/(?:PregnancyCalculator|JalaliDatePicker)\.[^/]+\.js$/.test(url)).length, { timeout: 20_000 }).toBe(2);
  });

  test('offline, a page that never ran React still says the connection dropped', async ({ page, context }) => {
    const reactBeforeOffline: string[] = [];
    let online = true;
    context.on('request', (request) => {
      if (online && /\/(?:toast-host|client|react-dom)\.[^/]+\.js$/.test(new URL(request.url()).pathname)) reactBeforeOffline.push(request.url());
    });
    await page.goto('/sr/services');
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', '', { timeout: 20_000 });
    online = false;
    await context.setOffline(true);
    await expect(page.getByRole('alert').filter({ hasText: 'به اینترنت دسترسی ندارید' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('alert').filter({ hasText: 'اتصال اینترنت برقرار شد' })).toBeVisible();
    // Neither the page nor its worker downloaded React or the React toast renderer while online.
    expect(reactBeforeOffline).toEqual([]);
  });
});

test.describe('build check', () => {
  // A worker's own fetches bypass page.route; the check itself is page code.
  test.use({ serviceWorkers: 'block' });

  test('an updated build id makes the page reload, once', async ({ page }) => {
    let served = 0;
    await page.route('**/builds/latest.json*', async (route) => {
      served++;
      await route.fulfill({ json: { id: served === 1 ? 'a-newer-build' : 'a-newer-build-again' } });
    });
    // Count document requests, not 'load' events: a reload that starts before the first page
    // finished loading cancels that page's load event.
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
    });
    await page.goto('/');
    // The first check sees another build and reloads; the reload guard stops a loop within 10 s.
    await expect.poll(() => loads.length, { timeout: 15_000 }).toBe(2);
    await page.waitForTimeout(1_500);
    expect(loads.length).toBe(2);
    expect(served).toBeGreaterThanOrEqual(2);
    expect((await page.request.get('/builds/latest.json')).ok()).toBe(true);
  });
});
