import { expect, type Page, test } from '@playwright/test';
import { expectNoSevereAxe } from './fixtures.ts';

/** After a first visit the service worker holds the toast renderer, so it works offline. */
async function openWithServiceWorker(page: Page) {
  // The page's clock stands still (timers and animations still run): a toast's 5 s and the 5 s
  // hand-over to the next page do not run out while a loaded test machine takes its time.
  await page.clock.setFixedTime(Date.now());
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('losing and regaining the connection is announced, and a toast survives page navigation', async ({ page, context }) => {
  await openWithServiceWorker(page);
  await context.setOffline(true);
  const offline = page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' });
  await expect(offline).toBeVisible();
  await expect(page.locator('.Toastify__toast-container')).toHaveClass(/Toastify__toast-container--top-right/);
  await expect(page.locator('.Toastify__toast').first()).toHaveClass(/Toastify__toast--rtl/);

  await context.setOffline(false);
  const back = page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' });
  await expect(back).toBeVisible();

  // A full page navigation: the toast is shown again on the next page for the rest of its time.
  await page.goto('/offline');
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toBeVisible();
  // ...and closes by itself within its 5 s.
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toHaveCount(0, { timeout: 9_000 });
});

test('the close button dismisses a toast, and it does not come back on the next page', async ({ page, context }) => {
  await openWithServiceWorker(page);
  await context.setOffline(true);
  const toast = page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' });
  await expect(toast).toBeVisible();
  // Named in Persian, and a 44 px target.
  const close = toast.getByRole('button', { name: 'بستن پیام' });
  const box = (await close.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await close.click();
  await expect(toast).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toBeVisible();
  await page.goto('/offline');
  await expect(page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' })).toBeVisible();
  await expect(page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' })).toHaveCount(0);
});

const noInternet = (page: Page) => page.locator('.Toastify__toast', { hasText: 'به اینترنت دسترسی ندارید' });
const restored = (page: Page) => page.locator('.Toastify__toast', { hasText: 'اتصال اینترنت برقرار شد' });
const RESTORED = 'اتصال اینترنت برقرار شد';

/**
 * Records every toast that appears on each page load, even one that closes again: asserting that a
 * toast never showed cannot rely on polling (an auto-closing toast would pass it by leaving).
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: Element[] = [];
    (window as unknown as { toastsSeen: () => string[] }).toastsSeen = () => seen.map((toast) => toast.textContent ?? '');
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('.Toastify__toast')) seen.push(node);
          seen.push(...node.querySelectorAll('.Toastify__toast'));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { toastsSeen: () => string[] }).toastsSeen());
const sawRestored = async (page: Page) => (await toastsSeen(page)).some((text) => text.includes(RESTORED));

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a toast at rest reads clearly (${colorScheme})`, async ({ page, context }) => {
    await page.emulateMedia({ colorScheme });
    await openWithServiceWorker(page);
    for (const [toastOn, go] of [
      [noInternet, () => context.setOffline(true)],
      [restored, () => context.setOffline(false)],
    ] as const) {
      await go();
      const toast = toastOn(page);
      // A pointer resting on a toast stops its clock, so it stays while axe reads it in the page
      // (axe then merges its findings in a page of its own, and the toast may go meanwhile).
      await page.mouse.move(0, 0);
      await toast.hover();
      await expect(toast).toHaveCSS('opacity', '1');
      await expectNoSevereAxe(page, { within: '#toast-host' });
      // Read: the pointer leaves and the toast goes when its time is up, if it has not already.
      await page.mouse.move(0, 0);
      await expect(toast).toHaveCount(0, { timeout: 10_000 });
    }
  });
}

test('a toast follows a link to the next page, but a reload does not bring it back', async ({ page, context }) => {
  await recordToasts(page);
  await openWithServiceWorker(page);
  await context.setOffline(true);
  await expect(noInternet(page)).toBeVisible();
  await context.setOffline(false);
  await expect(restored(page)).toBeVisible();

  // Reloaded at once, while the toast still had seconds to live: it does not come back.
  await page.reload();
  await page.waitForTimeout(3000);
  expect(await sawRestored(page)).toBe(false);

  // Shown again, then a link is followed: the next page shows it for the rest of its time.
  await context.setOffline(true);
  await expect(noInternet(page)).toBeVisible();
  await context.setOffline(false);
  await expect(restored(page)).toBeVisible();
  const link = page.locator('header nav a[href]').first();
  const target = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === target);
  await expect(restored(page)).toBeVisible();
  // ...once: a reload of that page does not show it again.
  await page.reload();
  await page.waitForTimeout(3000);
  expect(await sawRestored(page)).toBe(false);
});

test('offline, one «no internet» toast at a time, below the header', async ({ page, context }) => {
  await recordToasts(page);
  await openWithServiceWorker(page);
  await context.setOffline(true);
  await expect(noInternet(page)).toBeVisible();
  // Hovering keeps the toast open while it is measured.
  await noInternet(page).hover();
  const header = (await page.locator('header').first().boundingBox())!;
  const toast = (await noInternet(page).boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  // The connection flaps: the browser says «offline» again before it ever came back.
  await page.evaluate(() => {
    dispatchEvent(new Event('offline'));
    dispatchEvent(new Event('offline'));
  });
  await page.waitForTimeout(1000);
  expect(await toastsSeen(page)).toHaveLength(1);
  await context.setOffline(false);
});

test('«connection restored» only after we said «offline» and the server really answers', async ({ page, context }) => {
  await recordToasts(page);
  await openWithServiceWorker(page);
  // Never said offline: an `online` event alone says nothing.
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await page.waitForTimeout(3000);
  expect(await sawRestored(page)).toBe(false);

  await context.setOffline(true);
  await expect(noInternet(page)).toBeVisible();
  // Hovering pauses its 5-second auto-close: on a slow machine it could close by itself before the
  // check below, and that check is about the early `online` event not dismissing it.
  await noInternet(page).hover();
  // An `online` event while the network is still down (a flaky link says so too early).
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await page.waitForTimeout(2000);
  expect(await sawRestored(page)).toBe(false);
  await expect(noInternet(page)).toBeVisible();

  await context.setOffline(false);
  await expect(restored(page)).toBeVisible();
  // The «no internet» toast gives way to the good news.
  await expect(noInternet(page)).toHaveCount(0);
});
