import { expect, test } from '@playwright/test';
import { expectNoSevereAxe } from './fixtures.ts';

const pages = [
  ['home', '/'],
  ['offline', '/offline'],
  ['services on request', '/sr'],
  ['all services', '/sr/services'],
] as const;

function checkPage(name: string, path: string) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${name} (${scheme}) has no serious or critical accessibility violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expectNoSevereAxe(page);
    });
  }
}

for (const [name, path] of pages) checkPage(name, path);

test.describe('the 404 page, kept in place', () => {
  // It goes home after five seconds (spec §2), which a busy machine reaches while axe reads it: that
  // navigation is answered 204, so the browser stays. The service worker would answer it itself.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(({ page }) =>
    page.route(
      (url) => url.pathname === '/',
      (route) => (route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.fallback()),
    ),
  );
  checkPage('404', '/no-such-page');
});

test('the skip link and header are reachable with the keyboard', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'پرش به محتوای اصلی' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
