import { expect, test } from '@playwright/test';
import { portalAreas, shown } from '../../src/lib/site/areas.ts';

/** Issue 9 item 16: phones get a navigation that shows every area; desktops keep the row under the header. */
const areas = shown(portalAreas);

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('every area is in the bottom bar, inside the screen, with 44 px targets, and each takes a tap', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await expect(nav.getByRole('link')).toHaveCount(areas.length);
    for (const area of areas) {
      const link = nav.getByRole('link', { name: area.short, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.y + box.height).toBeLessThanOrEqual(667);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    for (const area of areas) {
      await nav.getByRole('link', { name: area.short, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === area.href);
      // A patient's own area (the wallet, the test results) opens the login popup for a visitor; closing it frees the bar.
      if (area.href === '/financial' || area.href === '/test-response/give-response') await page.getByRole('dialog').getByRole('button', { name: 'بستن' }).click();
      await expect(nav.getByRole('link', { name: area.short, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
  });

  test('the bar stays on screen while scrolling and never covers the footer', async ({ page }) => {
    await page.goto('/pregnancy-timeline');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(nav).toBeInViewport({ ratio: 1 });
    const footer = page.locator('footer');
    await expect(footer).toBeInViewport();
    const [footerBottom, navTop] = await Promise.all([
      footer.evaluate((element) => element.getBoundingClientRect().bottom),
      nav.evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(footerBottom).toBeLessThanOrEqual(navTop + 0.5);
  });

  test('the bar is left out of print', async ({ page }) => {
    await page.goto('/');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'بخش‌های پورتال' })).toBeHidden();
  });

  test('a page below an area marks that area current', async ({ page }) => {
    await page.goto('/pregnancy-timeline/20');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    await expect(nav.locator('[aria-current="page"]')).toHaveAccessibleName('بارداری');
  });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the areas are a row of full labels inside the header', async ({ page }) => {
    await page.goto('/appointment');
    const nav = page.getByRole('navigation', { name: 'بخش‌های پورتال' });
    const header = await page.locator('header').boundingBox();
    for (const area of areas) {
      const link = nav.getByRole('link', { name: area.label, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(header!.y + header!.height);
    }
    await expect(nav.getByRole('link', { name: 'نوبت‌دهی', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav).toHaveCSS('position', 'static');
  });
});
