import { expect, test } from '@playwright/test';

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

test.describe('build check', () => {
  // A worker's own fetches bypass page.route; the check itself is page code.
  test.use({ serviceWorkers: 'block' });

  test('an updated build id makes the page reload, once', async ({ page }) => {
    let served = 0;
    await page.route('**/builds/latest.json*', async (route) => {
      served++;
      await route.fulfill({ json: { id: served === 1 ? 'a-newer-build' : 'a-newer-build-again' } });
    });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto('/');
    // The first check sees another build and reloads; the reload guard stops a loop within 10 s.
    await expect.poll(() => loads.length, { timeout: 8_000 }).toBe(2);
    await page.waitForTimeout(1_500);
    expect(loads.length).toBe(2);
    expect(served).toBeGreaterThanOrEqual(2);
    expect((await page.request.get('/builds/latest.json')).ok()).toBe(true);
  });
});
